"""``python -m ludi``: the ``ludi`` command, for when its script is not on the PATH."""

import sys

from ludi.cli.main import main

sys.exit(main())
