"""The bundle's program: what ``attention-heads`` runs, frozen.

A frozen program has no ``python`` to start its helper processes with: the window starts
its training child as ``<sys.executable> -m app.<module>``, and in a bundle that
executable is this launcher, so ``-m`` is honoured here as the interpreter would.
"""

import runpy
import sys

if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "-m" and sys.argv[2].startswith("app."):
        module = sys.argv[2]
        sys.argv = [sys.argv[0], *sys.argv[3:]]
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        sys.exit(0)
    from app.main import main

    sys.exit(main())
