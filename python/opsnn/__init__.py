"""opsnn: NumPy / PyTorch front end of libopsnn, the CPU reference of CANN
ops-nn's aclnn operators (pure ctypes over the installed library; NumPy is the
only dependency, torch is optional). Every operator of the library is a
function opsnn.<name>(inputs..., scalars=default..., out=None, soc=None,
opp=None), made from the library's own description of it (opsnn.operators()):

    import numpy as np, opsnn
    gi = opsnn.softshrink_backward(grad, x, lambd=0.5)
    gi = opsnn.selu_backward(grad, result)
    y = opsnn.softshrink(x, lambd=0.5)
    y = opsnn.selu(x)            # opsnn.inplace_selu(x) overwrites x

Arrays may be strided views (slices, transposes): strides and offsets are
passed to the library as they are. bfloat16 is an ml_dtypes.bfloat16 array when
ml_dtypes is installed; a numpy uint16 array is read as bfloat16 bits. torch
CPU tensors work the same way and give torch tensors back. A refused call
raises opsnn.OpsnnError carrying the aclnn status and the library's message.

The bits follow the SoC and operator package imitated (docs/soc.md):
opsnn.set_soc("Ascend910B"), opsnn.set_opp("ops-nn") for the whole process
(None: back to OPSNN_SOC / OPSNN_OPP, else Ascend950 / builtin), or soc= and
opp= keyword arguments on each operator call for that call only.
Golden plugins for CANN's test kit (TTK): opsnn.golden."""
import ctypes
import keyword

import numpy as np

from . import _lib
from .status import status_name

__all__ = [op.name for op in _lib.OPS] + ["OpsnnError", "status_name", "library_path", "library_version",
                                          "set_soc", "get_soc", "set_opp", "get_opp", "kernel_generation",
                                          "operators"]

library_path = _lib.path

ACL_FORMAT_ND = 2
_NP_ACL = {"float32": 0, "float16": 1, "int8": 2, "int32": 3, "uint8": 4, "int16": 6, "int64": 9,
           "uint64": 10, "float64": 11, "bool": 12, "bfloat16": 27, "uint16": 27}
_TORCH_ACL = {"torch.float32": 0, "torch.float16": 1, "torch.int8": 2, "torch.int32": 3, "torch.uint8": 4,
              "torch.int16": 6, "torch.int64": 9, "torch.float64": 11, "torch.bool": 12, "torch.bfloat16": 27}


class OpsnnError(RuntimeError):
    """A call the library refused: .status (the aclnn/ACL code), .status_name,
    .message (aclGetRecentErrMsg)."""

    def __init__(self, api, status, message):
        self.api = api
        self.status = status
        self.status_name = status_name(status)
        self.message = message
        super().__init__("%s failed: %s (%d): %s" % (api, self.status_name, status, message))


def library_version():
    return _lib.lib.opsnn_version_string().decode()


def _set(fn, name, api):
    rc = fn(None if name is None else str(name).encode())
    if rc != 0:
        raise OpsnnError(api, rc, _errmsg())


def set_soc(name):
    """Imitate SoC `name` ("Ascend910B", "ascend950", ...) from now on; None:
    back to OPSNN_SOC, else Ascend950. An unknown name raises OpsnnError."""
    _set(_lib.lib.opsnn_set_soc, name, "opsnn_set_soc")


def get_soc():
    return _lib.lib.opsnn_get_soc().decode()


def set_opp(name):
    """Imitate operator package "builtin" or "ops-nn" from now on; None: back
    to OPSNN_OPP, else builtin. An unknown name raises OpsnnError."""
    _set(_lib.lib.opsnn_set_opp, name, "opsnn_set_opp")


def get_opp():
    return _lib.lib.opsnn_get_opp().decode()


def kernel_generation():
    """"arch35", "experimental", "tbe" or "none": what the SoC and package run."""
    return _lib.lib.opsnn_get_kernel_generation().decode()


class _config:
    """soc= / opp= of one call: set, then restored to what was in effect."""

    def __init__(self, soc, opp):
        self.soc, self.opp = soc, opp

    def __enter__(self):
        self.saved = (get_soc(), get_opp())
        if self.soc is not None:
            set_soc(self.soc)
        if self.opp is not None:
            try:
                set_opp(self.opp)
            except OpsnnError:
                set_soc(self.saved[0])
                raise

    def __exit__(self, *exc):
        if self.soc is not None:
            set_soc(self.saved[0])
        if self.opp is not None:
            set_opp(self.saved[1])
        return False


def _errmsg():
    m = _lib.lib.aclGetRecentErrMsg()
    return m.decode(errors="replace") if m else ""


def _is_torch(x):
    return type(x).__module__.startswith("torch")


class _View:
    """What aclCreateTensor needs for one array: pointer to element 0, element
    strides, and the storage the view reaches."""

    def __init__(self, arr, name):
        if _is_torch(arr):
            if arr.device.type != "cpu":
                raise ValueError("%s: only CPU tensors (got %s)" % (name, arr.device))
            code = _TORCH_ACL.get(str(arr.dtype))
            shape, strides = tuple(arr.shape), tuple(arr.stride())
            ptr = arr.data_ptr()
        else:
            if not isinstance(arr, np.ndarray):
                raise TypeError("%s: expected a numpy array or a torch tensor, got %s" % (name, type(arr).__name__))
            code = _NP_ACL.get(arr.dtype.name)
            shape = arr.shape
            item = arr.dtype.itemsize
            if any(s < 0 or s % item for s in arr.strides):
                raise ValueError("%s: negative or unaligned strides" % name)
            strides = tuple(s // item for s in arr.strides)
            ptr = arr.ctypes.data
        if code is None:
            raise TypeError("%s: dtype %s has no aclDataType here" % (name, arr.dtype))
        self.arr, self.code, self.shape, self.strides, self.ptr = arr, code, shape, strides, ptr
        n = len(shape)
        empty = any(d == 0 for d in shape)
        extent = 0 if empty else 1 + sum((d - 1) * s for d, s in zip(shape, strides))
        self._dims = (ctypes.c_int64 * max(n, 1))(*shape)
        self._strides = (ctypes.c_int64 * max(n, 1))(*strides)
        self._storage = (ctypes.c_int64 * 1)(extent)
        self.handle = _lib.lib.aclCreateTensor(self._dims, n, code, self._strides, 0, ACL_FORMAT_ND,
                                               self._storage, 1, None if empty else ctypes.c_void_p(ptr))
        if not self.handle:
            raise OpsnnError("aclCreateTensor(%s)" % name, 161002, _errmsg())

    def close(self):
        if self.handle:
            _lib.lib.aclDestroyTensor(self.handle)
            self.handle = None


def _as_operand(x, name):
    """A numpy array or a torch tensor, as given; a NumPy scalar becomes a
    rank-0 array. Anything else (a list, a number, bytes) is a TypeError."""
    if isinstance(x, np.generic):
        return np.asarray(x)
    if _is_torch(x) or isinstance(x, np.ndarray):
        return x
    raise TypeError("%s: expected a numpy array or a torch tensor, got %s" % (name, type(x).__name__))


def _prepare_input(x):
    """What the library reads: a copy when the array has negative strides or
    is not in the machine's byte order (a '>f4' array read as native would
    give wrong values)."""
    if not _is_torch(x) and (any(s < 0 for s in x.strides) or not x.dtype.isnative):
        return np.ascontiguousarray(x, dtype=x.dtype.newbyteorder("="))
    return x


def _check_writable(x, name, in_place):
    """Refuse an output the call must not write: a read-only NumPy array (a
    read-only mmap, np.frombuffer over bytes) and, as torch refuses them, a
    leaf tensor that requires grad (in place) or any tensor that requires
    grad passed as out=."""
    if _is_torch(x):
        import torch
        if x.requires_grad and torch.is_grad_enabled():
            if in_place and x.is_leaf:
                raise RuntimeError("%s: a leaf Variable that requires grad is being used in an in-place "
                                   "operation." % name)
            if not in_place:
                raise RuntimeError("%s: out= arguments don't support automatic differentiation, but one of "
                                   "the arguments requires grad." % name)
    elif not x.flags.writeable:
        raise ValueError("%s: the array is read-only (flags.writeable is False); pass a writable array"
                         % name)


def _run(api, handles):
    """Phase 1 and phase 2 of `api` on the operand handles (C signature order)."""
    lib = _lib.lib
    ws_size = ctypes.c_uint64(0)
    executor = ctypes.c_void_p()
    st = getattr(lib, api + "GetWorkspaceSize")(*handles, ctypes.byref(ws_size), ctypes.byref(executor))
    if st != 0:
        raise OpsnnError(api + "GetWorkspaceSize", st, _errmsg())
    ws = ctypes.c_void_p()
    if ws_size.value:
        rc = lib.aclrtMalloc(ctypes.byref(ws), ws_size.value, 0)
        if rc != 0:
            lib.aclDestroyAclOpExecutor(executor)
            raise OpsnnError("aclrtMalloc", rc, _errmsg())
    try:
        st = getattr(lib, api)(ws, ws_size.value, executor, None)
        if st != 0:
            lib.aclDestroyAclOpExecutor(executor)
            raise OpsnnError(api, st, _errmsg())
    finally:
        if ws.value:
            lib.aclrtFree(ws)


def _new_like(ref, shape):
    if _is_torch(ref):
        import torch
        return torch.empty(shape, dtype=ref.dtype)
    return np.empty(shape, dtype=ref.dtype.newbyteorder("="))


def _call(op, inputs, names, scalars, out, shape):
    """Run op on the input arrays and scalar handles (the output being `out`
    or a new array like inputs[0]), the handles in the C signature's order.
    With shape None the call is in place on inputs[0]."""
    in_place = shape is None
    if out is not None:
        out = _as_operand(out, "out")
        _check_writable(out, "out", False)
    if in_place:
        _check_writable(inputs[0], names[0], True)
    result = inputs[0] if in_place else out if out is not None else _new_like(inputs[0], shape)
    inputs = [_prepare_input(a) for a in inputs]  # a negative-stride or byte-swapped input becomes a copy
    target = result
    if not _is_torch(result) and (any(s < 0 for s in result.strides) or not result.dtype.isnative):
        # negative strides or a byte-swapped output: compute on a native copy, then copy back
        target = np.array(result, dtype=result.dtype.newbyteorder("="))
    if in_place:
        inputs[0] = target
    views = []
    try:
        views = [_View(a, n) for a, n in zip(inputs, names)]
        out_view = None
        if not in_place:
            out_view = _View(target, "out")
            views.append(out_view)
        tq, sq, handles = iter(views), iter(scalars), []
        for a in op.args:
            if a.kind == _lib.ARG_SCALAR:
                handles.append(next(sq))
            elif a.kind == _lib.ARG_TENSOR_OUT:
                handles.append(out_view.handle)
            else:
                handles.append(next(tq).handle)
        _run(op.api, handles)
    finally:
        for v in views:
            v.close()
    if target is not result:
        result[...] = target
    return result


_ACL_NP = {0: np.float32, 1: np.float16, 2: np.int8, 3: np.int32, 4: np.uint8, 6: np.int16, 9: np.int64,
           11: np.float64, 12: np.bool_}


def _scalar(value, name, acl_dtype=0):
    """An aclScalar: a numpy scalar keeps its dtype, a Python number or a
    one-element array/tensor has the operator's scalar dtype (float32, as
    `float lambd = ...;` in C). None, strings and other objects are a
    TypeError (torch refuses them too)."""
    if isinstance(value, np.generic) and value.dtype.name in _NP_ACL and value.dtype.kind in "biuf":
        holder = np.array(value)
        code = _NP_ACL[value.dtype.name]
    else:
        if (_is_torch(value) or isinstance(value, np.ndarray)) and getattr(value, "ndim", 1) == 0:
            value = value.item()
        if not isinstance(value, (int, float)):  # bool is an int, as torch reads it
            raise TypeError("%s: expected a number, got %s" % (name, type(value).__name__ if value is not None
                                                                 else "None"))
        code = acl_dtype if acl_dtype in _ACL_NP else 0
        holder = np.array(value, dtype=_ACL_NP[code])
    handle = _lib.lib.aclCreateScalar(ctypes.c_void_p(holder.ctypes.data), code)
    if not handle:
        raise OpsnnError("aclCreateScalar", 161002, _errmsg())
    return handle, holder


def _py_name(short_name):
    """The Python parameter of an argument: its short name, but x for self /
    selfRef and, for a Python keyword, the keyword without its last letter
    (lambda -> lambd, as torch spells it)."""
    if short_name in ("self", "selfRef"):
        return "x"
    return short_name[:-1] if keyword.iskeyword(short_name) else short_name


def _invoke(op, values, out, soc, opp):
    """op on `values`: its tensor inputs and scalars in the C signature's
    order (the output excluded)."""
    tensors, names, scalars = [], [], []
    params = [a for a in op.args if a.kind != _lib.ARG_TENSOR_OUT]
    for a, v in zip(params, values):
        if a.kind == _lib.ARG_SCALAR:
            scalars.append((a, v))
        else:
            # messages name an operand by its short name; the one written over
            # in place by its C name (selfRef)
            label = a.name if a.kind == _lib.ARG_TENSOR_INOUT else a.short_name
            tensors.append(_as_operand(v, label))
            names.append(label)
    in_place = any(a.kind == _lib.ARG_TENSOR_INOUT for a in op.args)
    shape = None
    if not in_place:
        shape = tuple(tensors[0].shape)
        if op.flags & _lib.OP_BROADCAST:
            try:
                shape = np.broadcast_shapes(*(tuple(t.shape) for t in tensors))
            except ValueError:
                pass  # the library refuses it with its own message
    with _config(soc, opp):
        made = []
        try:
            for a, v in scalars:
                made.append(_scalar(v, _py_name(a.short_name), a.scalar_dtype))
            return _call(op, tensors, names, [h for h, _ in made], out, shape)
        finally:
            for h, _ in made:
                _lib.lib.aclDestroyScalar(h)


def _make_function(op):
    """opsnn.<op.name>: a real Python function with the operator's
    parameters (so signatures, keywords and errors are Python's own)."""
    params, call = [], []
    for a in op.args:
        if a.kind == _lib.ARG_TENSOR_OUT:
            continue
        n = _py_name(a.short_name)
        if not n.isidentifier() or keyword.iskeyword(n):
            raise ImportError("opsnn: operator %s: argument %r has no Python name" % (op.name, a.short_name))
        params.append("%s=%r" % (n, a.scalar_default) if a.kind == _lib.ARG_SCALAR else n)
        call.append(n)
    in_place = any(a.kind == _lib.ARG_TENSOR_INOUT for a in op.args)
    params += ([] if in_place else ["out=None"]) + ["soc=None", "opp=None"]
    src = "def %s(%s):\n    return _invoke(_op, (%s,), %s, soc, opp)\n" % (
        op.name, ", ".join(params), ", ".join(call), "None" if in_place else "out")
    scope = {"_invoke": _invoke, "_op": op}
    exec(src, scope)  # noqa: S102 - names checked above, from the library's table
    fn = scope[op.name]
    first = _py_name(next(a.short_name for a in op.args if a.kind != _lib.ARG_TENSOR_OUT
                          and a.kind != _lib.ARG_SCALAR))
    what = (op.summary or op.name) + ", computed by " + op.api
    if in_place:
        fn.__doc__ = "%s: %s is overwritten and returned." % (what, first)
    else:
        fn.__doc__ = "%s. Returns out (allocated like %s when None)." % (what, first)
    fn.__module__ = __name__
    return fn


def operators():
    """The library's operators: objects with name, api, command, kernel_op,
    args (name, short_name, kind, scalar_dtype, scalar_default), flags."""
    return list(_lib.OPS)


for _op in _lib.OPS:
    globals()[_op.name] = _make_function(_op)
del _op
