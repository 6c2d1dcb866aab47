"""``python -m kalends.app``: the desktop calendar (kalends.app.desktop)."""
import sys

from .desktop.main import main

if __name__ == "__main__":
    sys.exit(main())
