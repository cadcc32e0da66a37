"""Golden plugins for CANN's test kit (TTK), in ops-nn's tests/assets/golden.py
convention: point `python3 -m ttk kernel|aclnn ... --plugin` at this file
(PREFIX/lib/python3/site-packages/opsnn/golden.py once installed).

  kernel:  soft_shrink_grad(input_grad, input_x, lambd=0.5)   (soft_shrink_grad_def.cpp)
           selu_grad(gradients, outputs)                      (selu_grad_def.cpp)
  aclnn:   aclnnSoftshrinkBackward(gradOutput, self, lambda[, gradInput])
           aclnnSeluBackward(gradOutput, result[, gradInput])

Every golden is computed by libopsnn, so it is bit-identical to the C library
and to `opsnn-golden`."""
import numpy as np

import opsnn

__golden__ = {
    "kernel": {
        "soft_shrink_grad": "soft_shrink_grad_golden",
        "selu_grad": "selu_grad_golden",
    },
    "aclnn": {
        "aclnnSoftshrinkBackward": "aclnn_softshrink_backward_golden",
        "aclnnSeluBackward": "aclnn_selu_backward_golden",
    },
}

# TTK's TestSpec form of the aclnn entries.
__spec__ = {
    "aclnnSoftshrinkBackward": "AclnnSoftshrinkBackwardTestSpec",
    "aclnnSeluBackward": "AclnnSeluBackwardTestSpec",
}


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
    shape = np.broadcast_shapes(input_grad.shape, input_x.shape)
    return opsnn.softshrink_backward(input_grad, input_x, lambd, out=_out_like(input_grad, kwargs, shape))


def selu_grad_golden(gradients, outputs, **kwargs):
    """SeluGrad kernel golden; parameters as selu_grad_def.cpp."""
    return opsnn.selu_backward(gradients, outputs, out=_out_like(gradients, kwargs, gradients.shape))


def aclnn_softshrink_backward_golden(gradOutput, selfT, lambd=0.5, gradInput=None, **kwargs):
    """aclnnSoftshrinkBackward golden (numpy arrays or torch CPU tensors)."""
    return [opsnn.softshrink_backward(gradOutput, selfT, lambd, out=gradInput)]


def aclnn_selu_backward_golden(gradOutput, result, gradInput=None, **kwargs):
    """aclnnSeluBackward golden (numpy arrays or torch CPU tensors)."""
    return [opsnn.selu_backward(gradOutput, result, out=gradInput)]


class AclnnSoftshrinkBackwardTestSpec:
    def golden(gradOutput, selfT, lambd=0.5, gradInput=None, **kwargs):
        return aclnn_softshrink_backward_golden(gradOutput, selfT, lambd, gradInput)


class AclnnSeluBackwardTestSpec:
    def golden(gradOutput, result, gradInput=None, **kwargs):
        return aclnn_selu_backward_golden(gradOutput, result, gradInput)
