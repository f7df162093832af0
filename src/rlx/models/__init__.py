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
from rlx.models.decoder import build_decoder_step, decoder_param_shapes, rope_tables
from rlx.models.decoder_checkpoint import (
    DecoderWeights,
    GGUFWeights,
    HFWeights,
    read_decoder_checkpoint,
)
from rlx.models.decoder_config import DecoderConfig, llama3_rope_factors
from rlx.models.decoder_model import DecoderModel, load_decoder
from rlx.models.generation import (
    ChatTemplateError,
    Generation,
    GenerationStats,
    StreamPiece,
    TokenStream,
    apply_chat_template,
    generate,
    generate_batch,
    prompt_ids,
    stream,
)
from rlx.models.packaged import gemma3_gguf_path, smollm2_gguf_path
from rlx.models.sampling import Sampler, SamplingParams, token_distribution
from rlx.models.speculative import PromptLookup, accept_drafts

__all__ = ["BertConfig", "DecoderConfig", "DecoderModel", "GGUFWeights", "ModelConfigError",
           "ModelNotFoundError", "SentenceEncoder", "bert_param_shapes", "build_bert_encoder",
           "build_decoder_step", "decoder_param_shapes", "gemma3_gguf_path", "load_bert_weights",
           "load_decoder", "minilm_model_dir", "rope_tables", "smollm2_gguf_path"]
__all__ += ["ChatTemplateError", "Generation", "GenerationStats", "Sampler", "SamplingParams",
            "StreamPiece", "TokenStream", "apply_chat_template", "generate", "generate_batch",
            "prompt_ids", "stream", "token_distribution"]
__all__ += ["PromptLookup", "accept_drafts"]
__all__ += ["DecoderWeights", "HFWeights", "llama3_rope_factors", "read_decoder_checkpoint"]
