"""The ``rlx`` command.

    rlx explain GRAPH.json [--device DEV] [--no-optimize]   compile and print the report
    rlx devices                                              list usable devices
"""

from __future__ import annotations

import argparse
import sys

from rlx.errors import RlxError
from rlx.ir.serialize import load
from rlx.runtime import CompileOptions, Session, advisory_capabilities, available_devices


def _explain(args: argparse.Namespace) -> int:
    graph = load(args.graph)
    opts = CompileOptions(optimize=not args.no_optimize, verbose=args.verbose)
    compiled = Session(args.device, opts).compile(graph)
    print(compiled.report())
    return 0


def _devices(args: argparse.Namespace) -> int:
    for name in available_devices():
        caps = ", ".join(advisory_capabilities(name).enabled_names()) or "-"
        print(f"{name:<12} {caps}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rlx", description="rlx: ML compiler and runtime")
    sub = parser.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("explain", help="compile a graph (rlx JSON) and print what the "
                                        "compiler did")
    ex.add_argument("graph", help="path of a graph saved with rlx.ir.serialize.save")
    ex.add_argument("--device", default="reference")
    ex.add_argument("--no-optimize", action="store_true", help="skip the optimising passes")
    ex.add_argument("--verbose", action="store_true", help="print each pass as it runs")
    ex.set_defaults(func=_explain)
    dv = sub.add_parser("devices", help="list the devices this machine can run")
    dv.set_defaults(func=_devices)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (RlxError, OSError) as e:
        print(f"rlx {args.command}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
