"""ctypes_check.py LIBDIR - load the library the way a CANN ctypes script
does (by the name libascendcl.so / libopapi.so), run the softshrink seed
example of ops/soft_shrink_grad/docs/softshrink_backward.md and exit 0 when the result is {0,0,0,3,0,5,6,7}.
docs/integration.md shows the same code."""
import ctypes
import os
import sys

libdir = sys.argv[1]
acl = ctypes.CDLL(os.path.join(libdir, "libascendcl.so"))   # runtime + tensors
opapi = ctypes.CDLL(os.path.join(libdir, "libopapi.so"))    # aclnn operators

ACL_FLOAT, ACL_FORMAT_ND = 0, 2
i64p, vp = ctypes.POINTER(ctypes.c_int64), ctypes.c_void_p
acl.aclCreateTensor.restype = vp
acl.aclCreateTensor.argtypes = [i64p, ctypes.c_uint64, ctypes.c_int, i64p, ctypes.c_int64,
                                ctypes.c_int, i64p, ctypes.c_uint64, vp]
acl.aclCreateScalar.restype = vp
acl.aclCreateScalar.argtypes = [vp, ctypes.c_int]
acl.aclDestroyTensor.argtypes = [vp]
acl.aclDestroyScalar.argtypes = [vp]
acl.aclGetRecentErrMsg.restype = ctypes.c_char_p
opapi.aclnnSoftshrinkBackwardGetWorkspaceSize.argtypes = [
    vp, vp, vp, vp, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(vp)]
opapi.aclnnSoftshrinkBackward.argtypes = [vp, ctypes.c_uint64, vp, vp]

shape = (ctypes.c_int64 * 2)(4, 2)
grad = (ctypes.c_float * 8)(0, 1, 2, 3, 4, 5, 6, 7)
x = (ctypes.c_float * 8)(1, 1, 1, 2, 1, 2, 3, 3)
out = (ctypes.c_float * 8)()
lambd = ctypes.c_float(1.2)


def tensor(buf):
    return acl.aclCreateTensor(shape, 2, ACL_FLOAT, None, 0, ACL_FORMAT_ND, shape, 2, buf)


tg, tx, ty = tensor(grad), tensor(x), tensor(out)
lam = acl.aclCreateScalar(ctypes.byref(lambd), ACL_FLOAT)
ws_size, executor = ctypes.c_uint64(0), vp()
rc = opapi.aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, lam, ty, ctypes.byref(ws_size),
                                                   ctypes.byref(executor))
if rc == 0:
    # workspace is 0 for contiguous same-dtype tensors; aclrtMalloc it otherwise
    rc = opapi.aclnnSoftshrinkBackward(None, ws_size, executor, None)
if rc != 0:
    sys.exit("aclnnSoftshrinkBackward: %d %s" % (rc, acl.aclGetRecentErrMsg().decode()))
for t in (tg, tx, ty):
    acl.aclDestroyTensor(t)
acl.aclDestroyScalar(lam)

print("ctypes softshrink:", list(out))
sys.exit(0 if list(out) == [0, 0, 0, 3, 0, 5, 6, 7] else 1)
