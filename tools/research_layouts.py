"""Print each game's research action families and observation layout as Markdown (the
tables of docs/research.md): ``python tools/research_layouts.py > /tmp/layouts.md``."""

from __future__ import annotations

import ludi
from ludi.engine import Segment


def _groups(layout: tuple[Segment, ...]) -> list[tuple[Segment, Segment, int]]:
    """Return runs of segments alike but for their name's last part (the provinces, cells,
    hills, events), as (first, last, how many)."""
    runs: list[tuple[Segment, Segment, int]] = []
    for seg in layout:
        if runs:
            first, _, count = runs[-1]
            stem = first.name.split(".")[0]
            if (
                "." in seg.name
                and seg.name.split(".")[0] == stem
                and seg.size == first.size
                and seg.doc == first.doc != ""
                and not seg.name.startswith(("me.", "seat+"))
            ):
                runs[-1] = (first, seg, count + 1)
                continue
        runs.append((seg, seg, 1))
    return runs


def main() -> None:
    for game in ludi.games():
        research = game.research
        if research is None:
            continue
        print(f"### {game.title} (`{game.id}`)\n")
        print("Action families (ids in this order; default options, then every option on):\n")
        print("| family | notation | parameters | ids |")
        print("| --- | --- | --- | --- |")
        n = game.players[0]
        on: dict[str, object] = {}
        for opt in game.options:  # every switch the game accepts together
            if opt.kind is bool:
                try:
                    game.resolve_options({**on, opt.name: True}, n)
                    on[opt.name] = True
                except ludi.OptionError:
                    pass
        options_on = game.resolve_options(on, n)
        data = game.load_data(None)
        plain = research.encoder(n, game.resolve_options({}, n), data)
        full = research.encoder(n, options_on, data)
        sizes_plain = plain.actions.family_sizes()
        for family, size in full.actions.family_sizes().items():
            fam = next(f for f in full.actions.families if f.name == family)
            params = " × ".join(f"{name} ({len(values)})" for name, values in fam.axes) or "-"
            shown = f"{sizes_plain[family]} / {size}" if family in sizes_plain else f"- / {size}"
            pattern = fam.pattern.replace("|", "\\|")
            print(f"| `{family}` | `{pattern}` | {params} | {shown} |")
        print(f"| **total** | | | **{len(plain.actions)} / {len(full.actions)}** |\n")
        for players in game.players:
            encoder = research.encoder(players, game.resolve_options({}, players), data)
            print(f"Observation at {players} players: {encoder.size} floats.\n")
            print("| segment | slice | meaning |")
            print("| --- | --- | --- |")
            for first, last, count in _groups(encoder.layout):
                name = f"`{first.name}`" if count == 1 else f"`{first.name}` … `{last.name}`"
                each = "" if count == 1 else f" ({count} × {first.size})"
                stop = last.start + last.size
                print(f"| {name} | {first.start}:{stop}{each} | {first.doc} |")
            print()


if __name__ == "__main__":
    main()
