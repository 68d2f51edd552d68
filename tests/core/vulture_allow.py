"""What ``vulture`` (a dead-code finder) cannot see is used: the allow-list of the dead-code check.

    pip install vulture
    python -m vulture deduce tests bench examples tests/core/vulture_allow.py --min-confidence 60

prints nothing under ``deduce/`` (``tests/core/test_dead_code.py`` runs it when vulture is
installed; vulture is not a dependency of deduce). Each name below is used in a way a static
reader cannot follow; a name used only by the tests is not listed here: it is either public
API (kept, and tested) or dead (removed).
"""

from __future__ import annotations

from typing import Any

from deduce import __dir__, __getattr__  # the package's lazy attributes (PEP 562)
from deduce.cli.batch import cmd_check, cmd_rate, cmd_solve
from deduce.cli.completion import cmd_completion
from deduce.cli.convert import cmd_convert
from deduce.cli.example import cmd_example
from deduce.cli.explain import cmd_explain, cmd_hint
from deduce.cli.make import cmd_generate, cmd_rules

_: Any = None

#: Subcommands, which ``deduce.cli`` looks up by name when a command is run.
COMMANDS = (cmd_check, cmd_rate, cmd_solve, cmd_completion, cmd_convert, cmd_example)
COMMANDS_TOO = (cmd_explain, cmd_hint, cmd_generate, cmd_rules)
#: The module's ``__getattr__`` and ``__dir__``, which Python calls.
PROTOCOL = (__dir__, __getattr__)
#: rich calls ``Console.on_broken_pipe``; ``timeout`` is a parameter of the
#: ``distributed.Future.result`` protocol deduce types.
CALLED_BY_OTHERS = (_.on_broken_pipe, _.timeout)
