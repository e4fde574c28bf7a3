"""``remikcalc stats FILE...``: each player's figures over one or more score sheets."""

from __future__ import annotations

import click

from remikcalc.commands.common import output_options
from remikcalc.commands.current import SheetCommand, load, sheet
from remikcalc.commands.report import distinct_files


@click.command("stats", cls=SheetCommand)
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False), metavar="[FILE]...")
@output_options
def stats_cmd(files: tuple[str, ...], fmt: str) -> None:
    """Per player, over the sheets FILE...: deals played and won, each outcome achieved
    (knock, gin, big gin, undercut, out, one go, remik, colour, ...), the average and worst
    count caught in hand when someone else won, the best deal and the longest winning streak.

    Players are matched by name, ignoring case. An outcome counts for the closer, an undercut
    for the defender who made it. A deal entered as points only counts as played for every
    player, has no count caught and achieves no outcome (its how is not shown by any
    cards); it is won by its closer if one is given (in the knock games by the only player
    who scored, if one did), else by the player with the single highest score if it is
    positive; on a tie, in a draw or with no positive score nobody wins it. A deal's winner
    is the one settle counts. The best deal is the highest score (a bridge score, a
    penalty, counts negated), numbered as show numbers deals.

    \b
    Examples:
      remikcalc stats game.yaml
      remikcalc stats gin.yaml rummy.yaml --format json
    """
    from remikcalc.render.stats import render_stats
    from remikcalc.session import player_stats

    files = files or (sheet(None),)
    distinct_files(files)
    replays = [load(file) for file in files]
    click.echo(render_stats(player_stats(replays), files, fmt))
