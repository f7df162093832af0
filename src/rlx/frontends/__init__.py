"""Frontends: reading weights and tokenizers from model files (safetensors, GGUF)."""
