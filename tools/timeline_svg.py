#!/usr/bin/env python3
"""timeline_svg.py TRACE.json OUT.svg - draw a `pvc run --timeline` trace as an SVG picture.

One row per pipe (V, MTE2, MTE3, S), one box per op, x = estimated cycles, with a cycle
axis. GM moves take hundreds of cycles and vector ops one, so when the vector ops fill less
than a quarter of the run a second panel zooms into their window (marked on the overview)
and names every op there. Standard library only; for details open the JSON itself in
ui.perfetto.dev or chrome://tracing.
"""
import json
import sys
from xml.sax.saxutils import escape

ROW_H, LABEL_W, WIDTH, RIGHT = 28, 60, 1000, 10
LABEL_LINE = 12          # zoom panel: two staggered label lines under each row
COLORS = {"V": "#4e79a7", "MTE2": "#59a14f", "MTE3": "#e15759", "S": "#bab0ac"}


def nice_step(span, ticks=8):
    """A 1/2/5 x 10^k tick step giving at most `ticks` intervals over span."""
    step = 1
    while span / step > ticks:
        for m in (2, 5, 10):
            if span / (step * m) <= ticks:
                return step * m
        step *= 10
    return step


class Panel:
    """Rows of one time window [t0, t1] (microseconds as in the JSON) drawn from y."""

    def __init__(self, out, rows, ops, t0, t1, y, labels):
        self.out, self.rows, self.ops, self.t0, self.t1 = out, rows, ops, t0, t1
        self.y, self.labels = y, labels
        self.scale = (WIDTH - LABEL_W - RIGHT) / ((t1 - t0) or 1)
        self.row_h = ROW_H + (2 * LABEL_LINE if labels else 0)

    def x(self, t):
        return LABEL_W + (t - self.t0) * self.scale

    def draw(self):
        for i, tid in enumerate(sorted(self.rows)):
            self.row(self.y + i * self.row_h, tid)
        return self.axis(self.y + len(self.rows) * self.row_h)

    def row(self, y, tid):
        name = self.rows[tid]
        self.out.append(f'<text x="4" y="{y + 17}">{escape(name)}</text>')
        self.out.append(f'<line x1="{LABEL_W}" y1="{y + ROW_H - 2}" x2="{WIDTH - RIGHT}" '
                        f'y2="{y + ROW_H - 2}" stroke="#ddd"/>')
        mine = [e for e in self.ops if e["tid"] == tid
                and e["ts"] + e["dur"] > self.t0 and e["ts"] < self.t1]
        for k, e in enumerate(mine):
            self.box(y, e, COLORS.get(name, "#999"), k)

    def box(self, y, e, color, k):
        x0, x1 = self.x(max(e["ts"], self.t0)), self.x(min(e["ts"] + e["dur"], self.t1))
        w = max(x1 - x0, 1.0)
        a = e.get("args", {})
        tip = f'{e["name"]} line {a.get("line")}:{a.get("col")} ({e["dur"] * 1000:.0f} cycles)'
        # a white edge keeps back-to-back one-cycle ops apart
        self.out.append(f'<rect x="{x0:.2f}" y="{y + 4}" width="{w:.2f}" height="{ROW_H - 10}" '
                        f'fill="{color}" stroke="white" stroke-width="0.5">'
                        f'<title>{escape(tip)}</title></rect>')
        label = escape(e["name"])
        if w > 6.5 * len(e["name"]) + 6:
            self.out.append(f'<text x="{x0 + 3:.2f}" y="{y + 17}" fill="white">{label}</text>')
        elif self.labels:
            ly = y + ROW_H + 8 + LABEL_LINE * (k % 2)
            self.out.append(f'<text x="{x0 + w / 2:.2f}" y="{ly}" font-size="9" '
                            f'text-anchor="middle">{label}</text>')

    def axis(self, y):
        """Ticks in cycles under the rows; returns the y below the axis."""
        c0, c1 = self.t0 * 1000, self.t1 * 1000
        step = nice_step(c1 - c0)
        self.out.append(f'<line x1="{LABEL_W}" y1="{y}" x2="{WIDTH - RIGHT}" y2="{y}" stroke="#888"/>')
        c = -(-c0 // step) * step
        while c <= c1 + 1e-9:
            x = self.x(c / 1000)
            self.out.append(f'<line x1="{x:.2f}" y1="{y}" x2="{x:.2f}" y2="{y + 4}" stroke="#888"/>')
            self.out.append(f'<text x="{x:.2f}" y="{y + 15}" font-size="9" '
                            f'text-anchor="middle">{c:.0f}</text>')
            c += step
        return y + 20


def vector_window(ops, rows, end):
    """[t0, t1] around the V-pipe ops (and S ops inside), or None when they are not short."""
    v = [e for e in ops if rows.get(e["tid"]) == "V"]
    if not v:
        return None
    t0 = min(e["ts"] for e in v)
    t1 = max(e["ts"] + e["dur"] for e in v)
    calls = [e for e in ops if e["name"] == "call" and e["ts"] + e["dur"] <= t0]
    if calls:                       # start at the call that leads into the vector function
        t0 = max(e["ts"] for e in calls)
    pad = (t1 - t0) * 0.03
    t0, t1 = max(t0 - pad, 0), min(t1 + pad, end)
    return (t0, t1) if t1 - t0 < end / 4 else None


def main(src, dst):
    events = json.load(open(src))["traceEvents"]
    rows = {e["tid"]: e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    ops = [e for e in events if e.get("ph") == "X"]
    end = max((e["ts"] + e["dur"] for e in ops), default=1) or 1
    out = []
    whole = Panel(out, rows, ops, 0, end, 10, False)
    y = whole.draw()
    out.append(f'<text x="{WIDTH - RIGHT}" y="{y + 10}" text-anchor="end">'
               f'{end * 1000:.0f} estimated cycles (sequential cost model, docs/COSTS.md)</text>')
    y += 20
    win = vector_window(ops, rows, end)
    if win:
        t0, t1 = win
        # mark the window on the overview, then draw it enlarged with every op named
        out.append(f'<rect x="{whole.x(t0):.2f}" y="8" width="{whole.x(t1) - whole.x(t0):.2f}" '
                   f'height="{len(rows) * ROW_H + 2}" fill="none" stroke="#333" '
                   f'stroke-dasharray="3,2"/>')
        out.append(f'<text x="4" y="{y + 14}" font-weight="bold">zoom: cycles '
                   f'{t0 * 1000:.0f}-{t1 * 1000:.0f}, the vector function (dashed box above)</text>')
        y = Panel(out, rows, ops, t0, t1, y + 24, True).draw()
    height = int(y + 6)
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'font-family="sans-serif" font-size="11">',
            f'<rect width="{WIDTH}" height="{height}" fill="white"/>']
    open(dst, "w").write("\n".join(head + out + ['</svg>']) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
