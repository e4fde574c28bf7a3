"""``python -m remikcalc``."""

from remikcalc.cli.main import main

main()
