"""``python -m polyarray``: list backends, run the demo.

With no command it prints this help and then the backend table. Output
piped into a program that stops reading early (``| head``) ends quietly
with exit status 141 (128 + SIGPIPE, what the shell reports for a program
that a closed pipe stops). While a framework imports (seconds, for
TensorFlow and PyTorch), standard error shows which, and how long it took,
when it is a terminal; standard output holds the results only.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys

__all__ = ["main", "CLOSED_PIPE_STATUS"]

#: The exit status when standard output is a pipe that the reader closed: 128 + SIGPIPE.
CLOSED_PIPE_STATUS = 141


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m polyarray",
        description="polyarray: one array API over NumPy, PyTorch, JAX, TensorFlow and third-party backends.",
        epilog="With no command: this help, then the backend table (as 'backends' prints it).",
    )
    commands = parser.add_subparsers(dest="command", metavar="{backends,demo}")
    backends = commands.add_parser(
        "backends",
        help="list every discovered backend, whether it loads and its coverage; whether the compiled fast paths are on",
    )
    backends.add_argument(
        "--json",
        action="store_true",
        help="print it as JSON, with how each backend computes each function (native, partial, composed, missing)",
    )
    backends.add_argument(
        "--functions",
        metavar="NAME",
        help="list the functions of backend NAME by category: native, composed by the core, and missing",
    )
    demo = commands.add_parser("demo", help="run a small computation on every installed backend")
    demo.add_argument("--backends", nargs="*", help="only these backends (default: every one that loads)")
    demo.add_argument("--seed", type=int, default=0)
    return parser


def _run(argv: list[str] | None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "demo":
        from .cli.demo import run_demo

        return run_demo(sys.stdout, names=args.backends, seed=args.seed)
    from .cli.backends import report_backends, report_functions, report_json

    if args.command == "backends" and args.json:
        return report_json(sys.stdout)
    if args.command == "backends" and args.functions:
        return report_functions(sys.stdout, args.functions)
    if args.command is None:
        parser.print_help(sys.stdout)
        print(file=sys.stdout)
    return report_backends(sys.stdout)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()) as out:
    ...     status = main(["demo", "--backends", "numpy"])
    >>> status, out.getvalue().splitlines()[-1]
    (0, 'All 1 backend(s) agree.')
    """
    try:
        status = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away: send what is still buffered nowhere, so that the
        # interpreter's own flush at exit raises no second error.
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        return CLOSED_PIPE_STATUS
    return status


if __name__ == "__main__":
    sys.exit(main())
