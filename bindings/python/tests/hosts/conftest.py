"""The host tests' shared fixture: ``xserver`` (xserver.py), an Xvfb server per module."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from xserver import xserver  # noqa: E402,F401  (the fixture, for every test here)
