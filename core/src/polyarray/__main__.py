"""``python -m polyarray``: list backends, run the demo."""

from __future__ import annotations

import argparse
import sys

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m polyarray", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("backends", help="list every discovered backend, whether it loads, and its coverage")
    demo = commands.add_parser("demo", help="run a small computation on every installed backend")
    demo.add_argument("--backends", nargs="*", help="only these backends (default: every one that loads)")
    demo.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.command == "backends":
        from .cli.backends import report_backends

        return report_backends(sys.stdout)
    from .cli.demo import run_demo

    return run_demo(sys.stdout, names=args.backends, seed=args.seed)


if __name__ == "__main__":
    sys.exit(main())
