"""Makes the package importable when pytest runs from a checkout without PYTHONPATH, and
the tests' shared helpers (required.py) importable from every folder of tests."""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
