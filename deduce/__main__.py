"""``python -m deduce`` runs the command."""

import sys

from deduce.cli import main

sys.exit(main())
