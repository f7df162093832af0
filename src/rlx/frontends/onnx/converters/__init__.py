"""ONNX op converters, one module per family; ``registry`` assembles their tables."""
