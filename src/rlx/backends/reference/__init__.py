"""The reference backend: interprets Programs with the numpy kernels that define rlx's
semantics (rlx.backends.numpy_kernels)."""
