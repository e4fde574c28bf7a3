"""Running the CLI in-process for the tests of the sheet commands: ``run`` gives click's
result, ``ok`` also requires exit code 0; two gin hands to score."""

from __future__ import annotations

from click.testing import CliRunner, Result

from remikcalc.cli.main import cli

GIN_ANNA = "Anna=9C 9D 9H 5S 6S 7S KD KH KS 2C"
GIN_BORIS = "Boris=AS 2S 3H 4D 5D 8C 8D JC QC TD"


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input)


def ok(*args: str, input: str | None = None) -> Result:
    result = run(*args, input=input)
    assert result.exit_code == 0, result.output
    return result
