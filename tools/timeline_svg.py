#!/usr/bin/env python3
"""timeline_svg.py TRACE.json OUT.svg - draw a `pvc run --timeline` trace as an SVG picture.

One row per pipe (V, MTE2, MTE3, S), one box per op, x = estimated cycles. Standard library
only; for zooming and details open the JSON itself in ui.perfetto.dev or chrome://tracing.
"""
import json
import sys
from xml.sax.saxutils import escape

ROW_H, LABEL_W, WIDTH = 28, 60, 1000
COLORS = {"V": "#4e79a7", "MTE2": "#59a14f", "MTE3": "#e15759", "S": "#bab0ac"}


def main(src, dst):
    events = json.load(open(src))["traceEvents"]
    rows = {e["tid"]: e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    ops = [e for e in events if e.get("ph") == "X"]
    end = max((e["ts"] + e["dur"] for e in ops), default=1) or 1
    scale = (WIDTH - LABEL_W - 10) / end
    tids = sorted(rows)
    height = ROW_H * len(tids) + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{WIDTH}" height="{height}" fill="white"/>']
    for i, tid in enumerate(tids):
        y = 10 + i * ROW_H
        out.append(f'<text x="4" y="{y + 17}">{escape(rows[tid])}</text>')
        out.append(f'<line x1="{LABEL_W}" y1="{y + ROW_H - 2}" x2="{WIDTH - 10}" '
                   f'y2="{y + ROW_H - 2}" stroke="#ddd"/>')
        for e in (e for e in ops if e["tid"] == tid):
            x, w = LABEL_W + e["ts"] * scale, max(e["dur"] * scale, 1.0)
            a = e.get("args", {})
            tip = f'{e["name"]} line {a.get("line")}:{a.get("col")} ({e["dur"] * 1000:.0f} cycles)'
            out.append(f'<rect x="{x:.2f}" y="{y + 4}" width="{w:.2f}" height="{ROW_H - 10}" '
                       f'fill="{COLORS.get(rows[tid], "#999")}"><title>{escape(tip)}</title></rect>')
            if w > 40:
                out.append(f'<text x="{x + 3:.2f}" y="{y + 17}" fill="white">{escape(e["name"])}</text>')
    y = 10 + len(tids) * ROW_H + 18
    out.append(f'<text x="{LABEL_W}" y="{y}">0</text>')
    out.append(f'<text x="{WIDTH - 10}" y="{y}" text-anchor="end">'
               f'{end * 1000:.0f} estimated cycles (sequential cost model, docs/COSTS.md)</text>')
    out.append('</svg>')
    open(dst, "w").write("\n".join(out) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
