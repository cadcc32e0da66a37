"""Golden plugins for CANN's test kit (TTK), in ops-nn's tests/assets/golden.py
convention: point `python3 -m ttk kernel|aclnn ... --plugin` at this file
(PREFIX/lib/python3/site-packages/opsnn/golden.py once installed).

  kernel:  soft_shrink_grad(input_grad, input_x, lambd=0.5)   (soft_shrink_grad_def.cpp)
           selu_grad(gradients, outputs)                      (selu_grad_def.cpp)
           hard_shrink_grad(gradients, features, lambd=0.5)   (hard_shrink_grad_def.cpp)
  aclnn:   aclnnSoftshrinkBackward(gradOutput, self, lambda, gradInput, **ttk_kwargs)
           aclnnSeluBackward(gradOutput, result, gradInput, **ttk_kwargs)
           aclnnHardshrinkBackward(gradOutput, self, lambd, gradInput, **ttk_kwargs)

Every golden mode of TTK works: in Promote mode (cross checks) fp32 operands
arrive as float64 and the golden is computed in float64 with the kernel's
branch rules (fp16/bf16 arrive as float32 and go through the library's fp32
kernel).

Every golden is computed by libopsnn, so it is bit-identical to the C library
and to `opsnn-golden`."""
import numpy as np

import opsnn

__golden__ = {
    "kernel": {
        "soft_shrink_grad": "soft_shrink_grad_golden",
        "selu_grad": "selu_grad_golden",
        "hard_shrink_grad": "hard_shrink_grad_golden",
    },
    "aclnn": {
        "aclnnSoftshrinkBackward": "aclnn_softshrink_backward_golden",
        "aclnnSeluBackward": "aclnn_selu_backward_golden",
        "aclnnHardshrinkBackward": "aclnn_hardshrink_backward_golden",
    },
}

# TTK's TestSpec form of the aclnn entries.
__spec__ = {
    "aclnnSoftshrinkBackward": "AclnnSoftshrinkBackwardTestSpec",
    "aclnnSeluBackward": "AclnnSeluBackwardTestSpec",
    "aclnnHardshrinkBackward": "AclnnHardshrinkBackwardTestSpec",
}


# SELU's constants as the "true value" of a promoted golden (float64): the
# decimals the kernel's float32 constants round.
_SCALE = 1.0507009873554804934193349852946
_SCALE_ALPHA = 1.7580993408473768599402175208123


def _is_double(*arrays):
    return any(a is not None and str(getattr(a, "dtype", "")) in ("float64", "torch.float64") for a in arrays)


def _as_numpy(a):
    if opsnn._is_torch(a):
        return a.detach().cpu().numpy()
    return np.asarray(a)


def _like_input(ref, y):
    """y (a NumPy array) as the kind of array ref is: a torch tensor for torch."""
    if opsnn._is_torch(ref):
        import torch
        return torch.from_numpy(np.ascontiguousarray(y))
    return y


def _number(v):
    """A scalar as TTK passes it (a 0-d torch tensor, a NumPy scalar) or a number."""
    if opsnn._is_torch(v) or isinstance(v, (np.ndarray, np.generic)):
        return float(v.item() if hasattr(v, "item") else v)
    return v


def _softshrink_backward_double(grad, x, lambd):
    """Promote mode (fp32 cases handed as float64): the kernel's selection in
    float64 -- grad where |x| > lambda or x is NaN, else +0 -- broadcast."""
    g, xv = _as_numpy(grad).astype(np.float64), _as_numpy(x).astype(np.float64)
    lam = float(_number(lambd))
    if not lam >= 0:
        raise ValueError("lambda must be >= 0, got %r" % lam)
    return _like_input(grad, np.where((np.abs(xv) > lam) | np.isnan(xv), g, 0.0))


def _selu_backward_double(grad, result):
    """Promote mode: the arch35 kernel's branch rules in float64 -- result <= 0
    (+0, -0, -inf) takes grad * (result + SCALE * ALPHA), NaN and the rest
    grad * SCALE -- with SELU's constants to double precision."""
    g, r = _as_numpy(grad).astype(np.float64), _as_numpy(result).astype(np.float64)
    if g.shape != r.shape:
        raise ValueError("result shape %s must equal gradOutput shape %s" % (r.shape, g.shape))
    with np.errstate(invalid="ignore", over="ignore"):
        return _like_input(grad, np.where(r <= 0, g * (r + _SCALE_ALPHA), g * _SCALE))


def _hardshrink_backward_double(grad, x, lambd):
    """Promote mode: the selection of the kernel generation in effect
    (opsnn.kernel_generation()) in float64, broadcast; lambd below 0 is used
    as 0, as the op_api does. arch35 zeroes where |x| <= lambd (so a NaN x or
    lambd keeps grad), the experimental kernel keeps grad where |x| > lambd
    (so NaN gives +0), and TBE multiplies grad by 1 or 0 where |x| <= lambd
    (a zero with grad's sign; NaN for an infinite grad)."""
    g, xv = _as_numpy(grad).astype(np.float64), _as_numpy(x).astype(np.float64)
    lam = float(_number(lambd))
    lam = 0.0 if lam < 0 else lam
    gen = opsnn.kernel_generation()
    with np.errstate(invalid="ignore"):
        if gen == "experimental":
            y = np.where(np.abs(xv) > lam, g, 0.0)
        elif gen == "tbe":
            y = g * np.where(np.abs(xv) <= lam, 0.0, 1.0)
        else:
            y = np.where(np.abs(xv) <= lam, 0.0, g)
    return _like_input(grad, y)


def _fresh_out(like, shape):
    """A new contiguous array with the dtype of TTK's output tensor (never TTK's
    own buffer, which may be a strided view); None: the input's dtype."""
    if like is None:
        return None
    if opsnn._is_torch(like):
        import torch
        return torch.empty(tuple(shape), dtype=like.dtype)
    return np.empty(tuple(shape), dtype=np.asarray(like).dtype)


def _out_like(ref, kwargs, shape):
    """An output array in the case's output dtype when TTK passes it."""
    dts = kwargs.get("output_dtypes")
    if dts:
        name = str(dts[0])
        if name == "bfloat16" and ref.dtype.name != "bfloat16":
            return None
        try:
            return np.empty(shape, dtype=name)
        except TypeError:
            return None
    return None


def soft_shrink_grad_golden(input_grad, input_x, lambd=0.5, **kwargs):
    """SoftShrinkGrad kernel golden; parameters as soft_shrink_grad_def.cpp."""
    if _is_double(input_grad, input_x):
        return _softshrink_backward_double(input_grad, input_x, lambd)
    shape = np.broadcast_shapes(tuple(input_grad.shape), tuple(input_x.shape))
    return opsnn.softshrink_backward(input_grad, input_x, _number(lambd), out=_out_like(input_grad, kwargs, shape))


def selu_grad_golden(gradients, outputs, **kwargs):
    """SeluGrad kernel golden; parameters as selu_grad_def.cpp."""
    if _is_double(gradients, outputs):
        return _selu_backward_double(gradients, outputs)
    return opsnn.selu_backward(gradients, outputs, out=_out_like(gradients, kwargs, tuple(gradients.shape)))


def hard_shrink_grad_golden(gradients, features, lambd=0.5, **kwargs):
    """HardShrinkGrad kernel golden; parameters as hard_shrink_grad_def.cpp.
    lambd is used as the aclnn API uses it: below 0 as 0 (the arch35 kernel's
    tiling does the same; the experimental and TBE kernels, launched directly
    with a negative lambd, also keep grad where features is +-0)."""
    if _is_double(gradients, features):
        return _hardshrink_backward_double(gradients, features, lambd)
    shape = np.broadcast_shapes(tuple(gradients.shape), tuple(features.shape))
    return opsnn.hardshrink_backward(gradients, features, _number(lambd), out=_out_like(gradients, kwargs, shape))


def aclnn_softshrink_backward_golden(gradOutput, self_tensor, lambda_scalar=0.5, gradInput=None, **kwargs):
    """aclnnSoftshrinkBackward golden, called as TTK calls a custom aclnn golden
    (_call_custom_golden): the C signature's operands positionally --
    gradOutput, self, lambda (a 0-d tensor or a number), gradInput -- and
    everything else as keywords (TTK's short_soc_version, testcase_name, ...,
    and attributes that are not C parameters, such as an old table's 'lambd',
    which the positional lambda overrides). Returns [gradInput's golden] in
    gradInput's dtype; float64 operands (Promote mode) give a float64 golden."""
    if _is_double(gradOutput, self_tensor):
        return [_softshrink_backward_double(gradOutput, self_tensor, lambda_scalar)]
    shape = np.broadcast_shapes(tuple(gradOutput.shape), tuple(self_tensor.shape))
    return [opsnn.softshrink_backward(gradOutput, self_tensor, _number(lambda_scalar),
                                      out=_fresh_out(gradInput, shape))]


def aclnn_selu_backward_golden(gradOutput, result, gradInput=None, **kwargs):
    """aclnnSeluBackward golden, called as TTK calls it: gradOutput, result,
    gradInput positionally, TTK's context as keywords. Returns [golden]."""
    if _is_double(gradOutput, result):
        return [_selu_backward_double(gradOutput, result)]
    return [opsnn.selu_backward(gradOutput, result, out=_fresh_out(gradInput, tuple(gradOutput.shape)))]


def aclnn_hardshrink_backward_golden(gradOutput, self_tensor, lambd=0.5, gradInput=None, **kwargs):
    """aclnnHardshrinkBackward golden, called as TTK calls it: gradOutput,
    self, lambd (a 0-d tensor or a number), gradInput positionally, TTK's
    context as keywords. Returns [gradInput's golden] in gradInput's dtype;
    float64 operands (Promote mode) give a float64 golden."""
    if _is_double(gradOutput, self_tensor):
        return [_hardshrink_backward_double(gradOutput, self_tensor, lambd)]
    shape = np.broadcast_shapes(tuple(gradOutput.shape), tuple(self_tensor.shape))
    return [opsnn.hardshrink_backward(gradOutput, self_tensor, _number(lambd), out=_fresh_out(gradInput, shape))]


class AclnnSoftshrinkBackwardTestSpec:
    """The same golden in TTK's TestSpec form."""

    @staticmethod
    def golden(gradOutput, self_tensor, lambda_scalar=0.5, gradInput=None, **kwargs):
        return aclnn_softshrink_backward_golden(gradOutput, self_tensor, lambda_scalar, gradInput, **kwargs)


class AclnnSeluBackwardTestSpec:
    """The same golden in TTK's TestSpec form."""

    @staticmethod
    def golden(gradOutput, result, gradInput=None, **kwargs):
        return aclnn_selu_backward_golden(gradOutput, result, gradInput, **kwargs)


class AclnnHardshrinkBackwardTestSpec:
    """The same golden in TTK's TestSpec form."""

    @staticmethod
    def golden(gradOutput, self_tensor, lambd=0.5, gradInput=None, **kwargs):
        return aclnn_hardshrink_backward_golden(gradOutput, self_tensor, lambd, gradInput, **kwargs)
