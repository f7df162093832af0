"""``python -m bench spec``: speculative decoding by prompt lookup against plain decoding.

For each decoder (default SmolLM2 and Gemma 3, GGUF weights as stored) and each prompt
(code edited in place, a passage summarised and quoted, a question answered in prose:
the last is where drafts rarely match; as a chat message when the model has a chat
template), greedy generation runs with and without
``PromptLookup(--drafts)`` in alternating rounds (``--rounds``, medians). Both must
give the same tokens (a difference fails the run); reported: decode tokens per second
each way, the speed-up, and the share of drafted tokens the model accepted.
"""

from __future__ import annotations

import argparse
import statistics

from bench import positive_int

CODE = '''Add type hints to every function of this module and keep everything else as it is.

```python
def add(a, b):
    """Return the sum of a and b."""
    return a + b


def subtract(a, b):
    """Return the difference of a and b."""
    return a - b


def multiply(a, b):
    """Return the product of a and b."""
    return a * b


def divide(a, b):
    """Return the quotient of a and b."""
    return a / b
```
'''

SUMMARY = '''Read the passage, then list its three main facts, quoting the sentences.

The Eiffel Tower was completed in 1889 as the entrance arch of the World's Fair in Paris.
It was designed by the company of Gustave Eiffel and is made of wrought iron. At 330
metres it was the tallest man-made structure in the world until 1930. Today it is the
most visited paid monument in the world, with about seven million visitors a year.
'''

QUESTION = "Why is the sky blue? Explain it to a child."

PROMPTS = {"code edit": CODE, "summary": SUMMARY, "open question": QUESTION}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--decoders", nargs="+", default=["smollm2", "gemma3"],
                        choices=("smollm2", "gemma3"))
    parser.add_argument("--tokens", type=positive_int, default=128, help="tokens to generate")
    parser.add_argument("--drafts", type=positive_int, default=5, help="tokens drafted per step")
    parser.add_argument("--rounds", type=positive_int, default=3, help="alternating timed rounds")


def main(args: argparse.Namespace) -> int:
    from bench.__main__ import machine_description
    from rlx.models import PromptLookup, generate, load_decoder
    from rlx.models.packaged import gemma3_gguf_path, smollm2_gguf_path

    paths = {"smollm2": smollm2_gguf_path, "gemma3": gemma3_gguf_path}
    print(f"machine: {machine_description()}")
    print(f"greedy, {args.tokens} tokens, prompt lookup of up to {args.drafts} tokens, "
          f"medians of {args.rounds} alternating rounds")
    rows = []
    failed = False
    for name in args.decoders:
        model = load_decoder(paths[name](), max_seq=1024, weight_format="gguf")
        lookup = PromptLookup(num_draft=args.drafts)
        for label, prompt in PROMPTS.items():
            chat = model.chat_template is not None      # else the plain text
            text = [{"role": "user", "content": prompt}] if chat else prompt
            plain_rates, spec_rates, accepted = [], [], []
            for _ in range(args.rounds + 1):              # the first round warms up
                plain = generate(model, text, max_new_tokens=args.tokens, chat=chat)
                spec = generate(model, text, max_new_tokens=args.tokens, chat=chat,
                                speculative=lookup)
                plain_rates.append(plain.stats.decode_tokens_per_second)
                spec_rates.append(spec.stats.decode_tokens_per_second)
                accepted.append(spec.stats.acceptance_rate)
                if spec.token_ids != plain.token_ids:
                    print(f"{name} {label}: speculative output differs from plain greedy")
                    failed = True
            p, s = statistics.median(plain_rates[1:]), statistics.median(spec_rates[1:])
            rows.append((name, label, len(plain.token_ids), p, s, s / p, accepted[-1]))
    print()
    print("| model | prompt | tokens | plain tok/s | speculative tok/s | speed-up | accepted |")
    print("|---|---|---|---|---|---|---|")
    for name, label, count, p, s, ratio, rate in rows:
        print(f"| {name} | {label} | {count} | {p:.1f} | {s:.1f} | {ratio:.2f}x | {rate:.0%} |")
    return 1 if failed else 0
