"""ctypes bindings of the slice of libopsnn the package calls."""
import ctypes
import ctypes.util
import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def _candidates():
    """OPSNN_LIBRARY alone when set (a wrong path is an error, not a reason
    to load some other copy); else the install prefix, then the loader."""
    env = os.environ.get("OPSNN_LIBRARY")
    if env:
        yield env
        return
    # installed layout: PREFIX/lib/python3/site-packages/opsnn -> PREFIX/lib
    libdir = os.path.normpath(os.path.join(_HERE, "..", "..", ".."))
    for name in ("libopsnn.so.0", "libopsnn.so"):
        yield os.path.join(libdir, name)
    found = ctypes.util.find_library("opsnn")
    if found:
        yield found
    yield "libopsnn.so.0"


def _load():
    errors = []
    for path in _candidates():
        if os.path.sep in path and not os.path.exists(path):
            errors.append("%s: no such file" % path)
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError as exc:
            errors.append("%s: %s" % (path, exc))
    raise ImportError("opsnn: cannot load libopsnn (set OPSNN_LIBRARY to its path); tried: " +
                      "; ".join(errors or ["no candidate found"]))


lib, path = _load()

_p = ctypes.c_void_p
_i64p = ctypes.POINTER(ctypes.c_int64)

lib.aclCreateTensor.restype = _p
lib.aclCreateTensor.argtypes = [_i64p, ctypes.c_uint64, ctypes.c_int, _i64p, ctypes.c_int64, ctypes.c_int,
                                _i64p, ctypes.c_uint64, _p]
lib.aclDestroyTensor.restype = ctypes.c_int
lib.aclDestroyTensor.argtypes = [_p]
lib.aclCreateScalar.restype = _p
lib.aclCreateScalar.argtypes = [_p, ctypes.c_int]
lib.aclDestroyScalar.restype = ctypes.c_int
lib.aclDestroyScalar.argtypes = [_p]
lib.aclGetRecentErrMsg.restype = ctypes.c_char_p
lib.aclGetRecentErrMsg.argtypes = []
lib.aclrtMalloc.restype = ctypes.c_int
lib.aclrtMalloc.argtypes = [ctypes.POINTER(_p), ctypes.c_size_t, ctypes.c_int]
lib.aclrtFree.restype = ctypes.c_int
lib.aclrtFree.argtypes = [_p]
lib.aclDestroyAclOpExecutor.restype = ctypes.c_int
lib.aclDestroyAclOpExecutor.argtypes = [_p]
# The operators, as the library describes them (include/opsnn/ops.h):
# opsnn_op_count / opsnn_op_at give each one's names and arguments; its aclnn
# two-phase pair is then found by name. Phase 1 takes the operand handles
# (tensors and scalars, in the C signature's order) then workspaceSize* and
# executor**.
ARG_TENSOR_IN, ARG_TENSOR_OUT, ARG_TENSOR_INOUT, ARG_SCALAR = range(4)
OP_BROADCAST, OP_MIXED_DTYPE = 1, 2


class _OpArg(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("short_name", ctypes.c_char_p), ("kind", ctypes.c_int),
                ("scalar_dtype", ctypes.c_int), ("scalar_default", ctypes.c_double)]


class _OpMeta(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("api", ctypes.c_char_p), ("command", ctypes.c_char_p),
                ("kernel_op", ctypes.c_char_p), ("nargs", ctypes.c_int), ("args", ctypes.POINTER(_OpArg)),
                ("get_workspace_size", _p), ("run", _p)]


class OpArg:
    """One parameter of phase 1: name (the C one), short_name (the CLI
    option), kind (ARG_*), scalar_dtype (an aclDataType), scalar_default."""

    def __init__(self, a):
        self.name, self.short_name = a.name.decode(), a.short_name.decode()
        self.kind, self.scalar_dtype, self.scalar_default = a.kind, a.scalar_dtype, a.scalar_default


class OpMeta:
    """One operator: name (opsnn.<name>), api (aclnnXxx), command
    (opsnn-golden's), kernel_op (ops-nn's), args, flags (OP_*), summary."""

    def __init__(self, p):
        m = p.contents
        self.name, self.api, self.command = m.name.decode(), m.api.decode(), m.command.decode()
        self.kernel_op = m.kernel_op.decode()
        self.args = [OpArg(m.args[i]) for i in range(m.nargs)]
        self.flags = lib.opsnn_op_flags(p)
        summary = lib.opsnn_op_summary(p)
        self.summary = summary.decode() if summary else ""


_u64p = ctypes.POINTER(ctypes.c_uint64)
lib.opsnn_op_count.restype = ctypes.c_size_t
lib.opsnn_op_count.argtypes = []
lib.opsnn_op_at.restype = ctypes.POINTER(_OpMeta)
lib.opsnn_op_at.argtypes = [ctypes.c_size_t]
lib.opsnn_op_flags.restype = ctypes.c_uint
lib.opsnn_op_flags.argtypes = [ctypes.POINTER(_OpMeta)]
lib.opsnn_op_summary.restype = ctypes.c_char_p
lib.opsnn_op_summary.argtypes = [ctypes.POINTER(_OpMeta)]
OPS = [OpMeta(lib.opsnn_op_at(i)) for i in range(lib.opsnn_op_count())]
APIS = {op.api: len(op.args) for op in OPS}
for _api, _nargs in APIS.items():
    _ws = getattr(lib, _api + "GetWorkspaceSize")
    _ws.restype = ctypes.c_int
    _ws.argtypes = [_p] * _nargs + [_u64p, ctypes.POINTER(_p)]
    _run = getattr(lib, _api)
    _run.restype = ctypes.c_int
    _run.argtypes = [_p, ctypes.c_uint64, _p, _p]
lib.opsnn_version_string.restype = ctypes.c_char_p
lib.opsnn_version_string.argtypes = []
for _name in ("opsnn_set_soc", "opsnn_set_opp"):
    getattr(lib, _name).restype = ctypes.c_int
    getattr(lib, _name).argtypes = [ctypes.c_char_p]
for _name in ("opsnn_get_soc", "opsnn_get_opp", "opsnn_get_kernel_generation"):
    getattr(lib, _name).restype = ctypes.c_char_p
    getattr(lib, _name).argtypes = []
