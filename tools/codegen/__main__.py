import sys

from tools.codegen.cli import main

sys.exit(main())
