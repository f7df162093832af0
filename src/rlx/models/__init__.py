"""Graph builders for model families, and high-level wrappers that run them."""

from rlx.models.bert import (
    BertConfig,
    ModelConfigError,
    ModelNotFoundError,
    SentenceEncoder,
    bert_param_shapes,
    build_bert_encoder,
    load_bert_weights,
    minilm_model_dir,
)

__all__ = ["BertConfig", "ModelConfigError", "ModelNotFoundError", "SentenceEncoder",
           "bert_param_shapes", "build_bert_encoder", "load_bert_weights", "minilm_model_dir"]
