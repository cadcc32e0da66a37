#!/usr/bin/env python3
"""Chart and tables from opsnn_bench (and vs_libtorch) CSV output.

    tools/plot_perf.py bench.csv [--torch torch.csv] [--svg docs/perf/gbps_vs_size.svg]
                       [--markdown tables.md] [--update-doc docs/performance.md ...]
                       [--threads N] [--layout-svg FILE]
                       [--midsize after.csv --midsize-before before.csv [--midsize-svg FILE]]

--svg         GB/s against size (log2), one panel per dtype, one line per
              operator x thread count (contiguous layout), and the measured
              bandwidth bound of each thread count as a dashed reference line.
--markdown    the tables of docs/performance.md (source, targets at the judged
              thread count and as "targets-NT" at the others, results, bound,
              layouts, torch) as Markdown.
--update-doc  the same tables written into a Markdown file between the
              markers <!-- BEGIN GENERATED: NAME --> / <!-- END GENERATED: NAME -->;
              repeat it for several files (docs/performance.md holds the
              targets, docs/perf/tables.md every table): each file gets the
              sections it has markers for, and a section that no file has
              markers for is reported.
--threads     the thread count the targets are judged at (default: the
              largest in the CSV).
--layout-svg  throughput of each non-contiguous layout relative to the
              contiguous case against size, one panel per dtype, one line per
              op x layout x thread count, with the 0.6 and 0.8 target lines.
--midsize     opsnn_bench CSVs (contiguous, e.g. 16K..256K) of this library
--midsize-before  and of the library before a change (each may be repeated:
              several runs, the best time per case counts): the "midsize" table
              (time per call at 1 and 2 threads, before and after) and,
--midsize-svg with this, its chart.

Python 3 standard library only.
"""
import argparse
import csv
import html
import math
import re
import sys

DTYPES = ["fp32", "fp16", "bf16"]
# The operators are those of the CSV, in their order there (opsnn_bench runs
# every operator of the library); set by set_ops().
PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]
OPS = []
COLORS = {}
LAYOUT_COLORS = {}


def set_ops(rows):
    """OPS, COLORS and LAYOUT_COLORS from the rows' op and layout columns."""
    global OPS, COLORS, LAYOUT_COLORS
    OPS = list(dict.fromkeys(r["op"] for r in rows))
    COLORS = {op: PALETTE[i % len(PALETTE)] for i, op in enumerate(OPS)}
    pairs = dict.fromkeys((r["op"], r["layout"]) for r in rows if r["layout"] != "contiguous")
    LAYOUT_COLORS = {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(pairs)}
LAYOUTS = ["transposed", "bcast-row", "bcast-col", "mixed"]


def read_csv(path):
    """Rows of a CSV whose header and data lines follow '#' comment lines."""
    with open(path, newline="") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    return list(csv.DictReader(lines))


def read_comments(path):
    with open(path) as f:
        return [line[1:].strip() for line in f if line.startswith("#")]


def num(row, key):
    return float(row[key])


def fmt_size(n):
    n = int(n)
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return "%dM" % (n >> 20)
    if n >= 1024 and n % 1024 == 0:
        return "%dK" % (n >> 10)
    return str(n)


def fmt_time(ns):
    ns = float(ns)
    if ns < 0:
        return "-"
    if ns < 1e4:
        return "%.2f us" % (ns / 1e3)
    if ns < 1e7:
        return "%.1f us" % (ns / 1e3)
    return "%.2f ms" % (ns / 1e6)


# ---------------------------------------------------------------- chart

def svg_chart(rows, title):
    rows = [r for r in rows if r["layout"] == "contiguous"]
    dtypes = [d for d in DTYPES if any(r["dtype"] == d for r in rows)]
    threads = sorted({int(r["threads"]) for r in rows})
    sizes = sorted({int(r["elems"]) for r in rows})
    if not rows:
        raise SystemExit("plot_perf: no contiguous rows to plot")
    pw, ph = 360, 260  # panel plot area
    ml, mr, mt, mb = 60, 20, 40, 50  # margins around each plot area
    legend_h = 22 * len(threads) + 10
    width = len(dtypes) * (ml + pw + mr)
    height = 40 + mt + ph + mb + legend_h
    # GB/s spans orders of magnitude (L1-resident bound vs. a tiny call), so
    # the y axis is logarithmic too.
    vals = [v for r in rows for v in (num(r, "gbps"), num(r, "bound_gbps")) if v > 0]
    ylo = 10 ** math.floor(math.log10(min(vals)))
    yhi = 10 ** math.ceil(math.log10(max(vals)))
    if yhi <= ylo:
        yhi = ylo * 10
    xlo, xhi = math.log2(sizes[0]), math.log2(sizes[-1])
    if xhi == xlo:
        xlo, xhi = xlo - 1, xhi + 1
    dashes = {t: ("" if i == len(threads) - 1 else "6,3") for i, t in enumerate(threads)}
    widths = {t: 1.2 + 1.2 * i for i, t in enumerate(threads)}

    out = []
    out.append('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
               'viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">'
               % (width, height, width, height))
    out.append('<rect width="100%" height="100%" fill="white"/>')
    out.append('<text x="%d" y="24" text-anchor="middle" font-size="15">%s</text>'
               % (width // 2, html.escape(title)))
    for p, dt in enumerate(dtypes):
        x0 = p * (ml + pw + mr) + ml
        y0 = 40 + mt

        def sx(n):
            return x0 + (math.log2(n) - xlo) / (xhi - xlo) * pw

        def sy(v):
            v = max(v, ylo)
            return y0 + ph - (math.log10(v) - math.log10(ylo)) / (math.log10(yhi) - math.log10(ylo)) * ph

        out.append('<text x="%.1f" y="%d" text-anchor="middle" font-size="13" '
                   'font-weight="bold">%s</text>' % (x0 + pw / 2, y0 - 12, dt))
        decade = ylo
        while decade <= yhi * 1.0001:
            for m in (1, 2, 5):
                v = decade * m
                if v > yhi * 1.0001:
                    break
                y = sy(v)
                out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>'
                           % (x0, y, x0 + pw, y, "#d0d0d0" if m == 1 else "#eeeeee"))
                out.append('<text x="%.1f" y="%.1f" text-anchor="end">%g</text>'
                           % (x0 - 6, y + 4, v))
            decade *= 10
        for n in sizes:
            x = sx(n)
            out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#e5e5e5"/>'
                       % (x, y0, x, y0 + ph))
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                       % (x, y0 + ph + 16, fmt_size(n)))
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>'
                   % (x0, y0, pw, ph))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">elements (log2 scale)</text>'
                   % (x0 + pw / 2, y0 + ph + 36))
        out.append('<text transform="translate(%d,%.1f) rotate(-90)" text-anchor="middle">'
                   'GB/s (log scale)</text>' % (x0 - 44, y0 + ph / 2))
        for t in threads:
            bound = {}
            for r in rows:
                if r["dtype"] == dt and int(r["threads"]) == t:
                    bound[int(r["elems"])] = num(r, "bound_gbps")
            pts = sorted(bound.items())
            if pts:
                out.append('<polyline fill="none" stroke="#777" stroke-width="%.1f" '
                           'stroke-dasharray="2,3" points="%s"/>'
                           % (widths[t], " ".join("%.1f,%.1f" % (sx(n), sy(g)) for n, g in pts)))
            for op in OPS:
                pts = sorted((int(r["elems"]), num(r, "gbps")) for r in rows
                             if r["dtype"] == dt and r["op"] == op and int(r["threads"]) == t)
                if not pts:
                    continue
                dash = ' stroke-dasharray="%s"' % dashes[t] if dashes[t] else ""
                out.append('<polyline fill="none" stroke="%s" stroke-width="%.1f"%s points="%s"/>'
                           % (COLORS[op], widths[t], dash,
                              " ".join("%.1f,%.1f" % (sx(n), sy(g)) for n, g in pts)))
                for n, g in pts:
                    out.append('<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>'
                               % (sx(n), sy(g), COLORS[op]))
    # legend: one row per thread count
    ly = 40 + mt + ph + mb + 8
    for line, t in enumerate(threads):
        plural = "s" if t > 1 else ""
        items = [(COLORS[op], dashes[t], "%s, %d thread%s" % (op, t, plural)) for op in OPS]
        items.append(("#777", "2,3", "bound (a+b pass), %d thread%s" % (t, plural)))
        for col, (color, dash, label) in enumerate(items):
            lx = ml + col * 260
            yy = ly + line * 22
            d = ' stroke-dasharray="%s"' % dash if dash else ""
            out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" '
                       'stroke-width="%.1f"%s/>' % (lx, yy, lx + 28, yy, color, widths[t], d))
            out.append('<text x="%.1f" y="%d">%s</text>' % (lx + 34, yy + 4, html.escape(label)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def svg_lines(panels, title, xlabel, ylabel, ylog, refs=()):
    """Generic small-multiples chart. panels: [(name, [(label, color, dash,
    width, [(x, y), ...]), ...])]; x on a log2 axis; refs: horizontal
    reference lines (value, label)."""
    pw, ph = 360, 260
    ml, mr, mt, mb = 60, 20, 40, 50
    labels = []
    for _, series in panels:
        for label, color, dash, width, _ in series:
            if (label, color, dash, width) not in labels:
                labels.append((label, color, dash, width))
    legend_h = 22 * ((len(labels) + 2) // 3) + 10
    width = max(1, len(panels)) * (ml + pw + mr)
    height = 40 + mt + ph + mb + legend_h
    xs = sorted({x for _, ser in panels for *_, pts in ser for x, _ in pts})
    ys = [y for _, ser in panels for *_, pts in ser for _, y in pts if y > 0] + [v for v, _ in refs]
    if not xs or not ys:
        raise SystemExit("plot_perf: nothing to plot for %r" % title)
    if ylog:
        ylo = 10 ** math.floor(math.log10(min(ys)))
        yhi = 10 ** math.ceil(math.log10(max(ys)))
    else:
        ylo, yhi = 0.0, max(1.0, math.ceil(max(ys) * 5) / 5)
    xlo, xhi = math.log2(xs[0]), math.log2(xs[-1])
    if xhi == xlo:
        xlo, xhi = xlo - 1, xhi + 1
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="sans-serif" font-size="12">' % (width, height, width, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="24" text-anchor="middle" font-size="15">%s</text>'
           % (width // 2, html.escape(title))]
    for p, (name, series) in enumerate(panels):
        x0 = p * (ml + pw + mr) + ml
        y0 = 40 + mt

        def sx(n):
            return x0 + (math.log2(n) - xlo) / (xhi - xlo) * pw

        def sy(v):
            if ylog:
                v = max(v, ylo)
                f = (math.log10(v) - math.log10(ylo)) / (math.log10(yhi) - math.log10(ylo))
            else:
                f = (min(v, yhi) - ylo) / (yhi - ylo)
            return y0 + ph - f * ph

        out.append('<text x="%.1f" y="%d" text-anchor="middle" font-size="13" '
                   'font-weight="bold">%s</text>' % (x0 + pw / 2, y0 - 12, html.escape(name)))
        ticks = []
        if ylog:
            d = ylo
            while d <= yhi * 1.0001:
                ticks += [d * m for m in (1, 2, 5) if d * m <= yhi * 1.0001]
                d *= 10
        else:
            ticks = [ylo + (yhi - ylo) * i / 5 for i in range(6)]
        for v in ticks:
            out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#e0e0e0"/>'
                       % (x0, sy(v), x0 + pw, sy(v)))
            out.append('<text x="%.1f" y="%.1f" text-anchor="end">%g</text>'
                       % (x0 - 6, sy(v) + 4, round(v, 3)))
        for n in xs:
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                       % (sx(n), y0 + ph + 16, fmt_size(n)))
        for v, label in refs:
            out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999" '
                       'stroke-dasharray="2,3"/>' % (x0, sy(v), x0 + pw, sy(v)))
            out.append('<text x="%.1f" y="%.1f" text-anchor="end" fill="#777">%s</text>'
                       % (x0 + pw - 4, sy(v) - 4, html.escape(label)))
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>'
                   % (x0, y0, pw, ph))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                   % (x0 + pw / 2, y0 + ph + 36, html.escape(xlabel)))
        out.append('<text transform="translate(%d,%.1f) rotate(-90)" text-anchor="middle">%s</text>'
                   % (x0 - 44, y0 + ph / 2, html.escape(ylabel)))
        for label, color, dash, wd, pts in series:
            pts = sorted(pts)
            if not pts:
                continue
            d = ' stroke-dasharray="%s"' % dash if dash else ""
            out.append('<polyline fill="none" stroke="%s" stroke-width="%.1f"%s points="%s"/>'
                       % (color, wd, d, " ".join("%.1f,%.1f" % (sx(n), sy(v)) for n, v in pts)))
            for n, v in pts:
                out.append('<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>' % (sx(n), sy(v), color))
    ly = 40 + mt + ph + mb + 8
    for i, (label, color, dash, wd) in enumerate(labels):
        lx = ml + (i % 3) * 300
        yy = ly + (i // 3) * 22
        d = ' stroke-dasharray="%s"' % dash if dash else ""
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="%.1f"%s/>'
                   % (lx, yy, lx + 28, yy, color, wd, d))
        out.append('<text x="%.1f" y="%d">%s</text>' % (lx + 34, yy + 4, html.escape(label)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def svg_layouts(rows):
    """vs contiguous against size, per dtype; solid: most threads, dashed: fewer."""
    rows = [r for r in rows if r["layout"] != "contiguous"]
    threads = thread_list(rows)
    panels = []
    for dt in DTYPES:
        series = []
        for (op, lay), color in LAYOUT_COLORS.items():
            for i, t in enumerate(threads):
                pts = [(int(r["elems"]), num(r, "vs_contig")) for r in rows
                       if r["dtype"] == dt and r["op"] == op and r["layout"] == lay
                       and int(r["threads"]) == t]
                if pts:
                    series.append(("%s %s, %dT" % (op, lay, t), color,
                                   "" if i == len(threads) - 1 else "6,3", 1.2 + 1.2 * i, pts))
        if series:
            panels.append((dt, series))
    return svg_lines(panels, "libopsnn: throughput vs contiguous, by layout",
                     "elements (log2 scale)", "vs contiguous (1 = same time)", False,
                     refs=((0.6, "0.6 (transposed target)"), (0.8, "0.8 (broadcast target)"),
                           (1.0, "")))


def midsize_rows(after, before):
    """{(tag, op, dtype, elems, threads): call_ns} for the contiguous rows."""
    out = {}
    for tag, rows in (("after", after), ("before", before)):
        for r in rows:
            if r["layout"] == "contiguous":
                k = (tag, r["op"], r["dtype"], int(r["elems"]), int(r["threads"]))
                # several runs of the same cases: the best time counts
                out[k] = min(out.get(k, float("inf")), num(r, "call_ns"))
    return out


def midsize_table(after, before):
    m = midsize_rows(after, before)
    keys = sorted({(op, dt, n) for (_, op, dt, n, _) in m}, key=lambda k: (OPS.index(k[0]), DTYPES.index(k[1]), k[2]))
    header = ["op", "dtype", "elements", "before 1T", "before 2T", "before 1T/2T",
              "after 1T", "after 2T", "after 1T/2T"]
    body = []
    for op, dt, n in keys:
        cells = [op, dt, fmt_size(n)]
        for tag in ("before", "after"):
            t1, t2 = m.get((tag, op, dt, n, 1)), m.get((tag, op, dt, n, 2))
            cells += [fmt_time(t1) if t1 else "-", fmt_time(t2) if t2 else "-",
                      "%.2f" % (t1 / t2) if t1 and t2 else "-"]
        body.append(cells)
    return md_table(header, body)


def svg_midsize(after, before):
    m = midsize_rows(after, before)
    panels = []
    for dt in DTYPES:
        series = []
        for tag, color in (("before", "#999999"), ("after", "#1f77b4")):
            for t, dash in ((1, "6,3"), (2, "")):
                pts = [(n, v / 1e3) for (g, op, d, n, th), v in m.items()
                       if g == tag and d == dt and th == t and op == OPS[0]]
                if pts:
                    series.append(("%s %s, %dT" % (OPS[0], tag, t), color, dash, 1.2 + 1.2 * (t - 1), pts))
        if series:
            panels.append((dt, series))
    return svg_lines(panels, "Mid-size calls: time per call before / after (SoftshrinkBackward)",
                     "elements (log2 scale)", "us per call (log scale)", True)


# ---------------------------------------------------------------- tables

def md_table(header, body):
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join("---:" if i else "---" for i in range(len(header))) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in body]
    return "\n".join(lines) + "\n"


def thread_list(rows):
    return sorted({int(r["threads"]) for r in rows})


def index(rows, *keys):
    return {tuple(str(r[k]) for k in keys): r for r in rows}


def results_table(rows):
    """Contiguous cases: one row per op x dtype x size, columns per thread count."""
    threads = thread_list(rows)
    idx = index([r for r in rows if r["layout"] == "contiguous"], "op", "dtype", "elems", "threads")
    sizes = sorted({int(r["elems"]) for r in rows})
    header = ["op", "dtype", "elements"]
    for t in threads:
        header += ["time/call (%dT)" % t, "phase 2 (%dT)" % t, "GB/s (%dT)" % t,
                   "of bound (%dT)" % t]
    body = []
    for op in OPS:
        for dt in DTYPES:
            for n in sizes:
                cells = [op, dt, fmt_size(n)]
                found = False
                for t in threads:
                    r = idx.get((op, dt, str(n), str(t)))
                    if r is None:
                        cells += ["-"] * 4
                        continue
                    found = True
                    cells += [fmt_time(r["call_ns"]), fmt_time(r["p2_ns"]),
                              "%.2f" % num(r, "gbps"), "%.0f%%" % (100 * num(r, "ratio"))]
                if found:
                    body.append(cells)
    return md_table(header, body)


def bound_table(rows):
    """The measured bound: per size x dtype x threads, the faster store kind."""
    threads = thread_list(rows)
    idx = index(rows, "dtype", "elems", "threads")
    sizes = sorted({int(r["elems"]) for r in rows})
    dtypes = [d for d in DTYPES if any(r["dtype"] == d for r in rows)]
    header = ["elements"] + ["%s %dT" % (d, t) for d in dtypes for t in threads]
    body = []
    for n in sizes:
        cells = [fmt_size(n)]
        for d in dtypes:
            for t in threads:
                r = idx.get((d, str(n), str(t)))
                cells.append("-" if r is None else "%.1f (%s)" % (num(r, "bound_gbps"),
                                                                  r["bound_kind"]))
        body.append(cells)
    return md_table(header, body)


def layouts_table(rows):
    """Non-contiguous cases against the contiguous case of the same op, dtype,
    size and thread count (throughput = elements per second)."""
    threads = thread_list(rows)
    idx = index([r for r in rows if r["layout"] != "contiguous"], "op", "dtype", "layout",
                "elems", "threads")
    sizes = sorted({int(r["elems"]) for r in rows})
    header = ["op", "dtype", "layout", "elements"]
    for t in threads:
        header += ["time/call (%dT)" % t, "vs contiguous (%dT)" % t]
    body = []
    for op in OPS:
        for dt in DTYPES:
            for lay in LAYOUTS:
                for n in sizes:
                    cells = [op, dt, lay, fmt_size(n)]
                    found = False
                    for t in threads:
                        r = idx.get((op, dt, lay, str(n), str(t)))
                        if r is None:
                            cells += ["-", "-"]
                            continue
                        found = True
                        cells += [fmt_time(r["call_ns"]), "%.2f" % num(r, "vs_contig")]
                    if found:
                        body.append(cells)
    return md_table(header, body)


def torch_table(trows):
    threads = thread_list(trows)
    idx = index(trows, "op", "dtype", "layout", "elems", "threads")
    keys = []
    for r in trows:
        k = (r["op"], r["dtype"], r["layout"], r["elems"])
        if k not in keys:
            keys.append(k)
    header = ["op", "dtype", "layout", "elements"]
    for t in threads:
        header += ["libopsnn (%dT)" % t, "libtorch (%dT)" % t, "speedup (%dT)" % t]
    body = []
    for op, dt, lay, n in keys:
        cells = [op, dt, lay, fmt_size(n)]
        for t in threads:
            r = idx.get((op, dt, lay, n, str(t)))
            cells += ["-"] * 3 if r is None else [fmt_time(r["ours_ns"]), fmt_time(r["torch_ns"]),
                                                  "%.2f" % num(r, "speedup")]
        body.append(cells)
    return md_table(header, body)


def worst(items):
    """(value, label) with the smallest value, or None."""
    items = [i for i in items if i[0] is not None]
    return min(items) if items else None


def targets_table(rows, trows, threads, midsize=None):
    def at(rs):
        return [r for r in rs if int(r["threads"]) == threads]

    def label(r):
        return "%s %s %s" % (r["op"], r["dtype"], fmt_size(r["elems"]))

    lines = []

    def add(target, result, need, higher_is_better=True):
        if result is None:
            lines.append([target, "not measured", "-", "-"])
            return
        value, where = result
        ok = value >= need if higher_is_better else value <= need
        lines.append([target, "%.2f (%s)" % (value, where), "%g" % need,
                      "met" if ok else "**missed**"])

    big = lambda r: int(r["elems"]) >= 16 << 20
    tr = at(trows or [])
    add("transposed 1M-64M (1Kx1K-8Kx8K): throughput vs contiguous",
        worst([(num(r, "vs_contig"), label(r)) for r in at(rows)
               if r["layout"] == "transposed" and int(r["elems"]) >= 1 << 20]), 0.6)
    anchored = [r for r in at(rows) if r["layout"] == "transposed" and int(r["elems"]) >= 1 << 20
                and float(r.get("transpose_anchor") or -1) > 0]
    add("transposed 1M-64M: vs contiguous / OpenBLAS transpose vs memcpy (same matrix, same run)",
        worst([(num(r, "vs_contig") / num(r, "transpose_anchor"),
                "%s, anchor %.2f" % (label(r), num(r, "transpose_anchor"))) for r in anchored])
        if anchored else None, 1.0)
    add("transposed 16-bit 16M-64M: throughput vs contiguous",
        worst([(num(r, "vs_contig"), label(r)) for r in at(rows)
               if r["layout"] == "transposed" and r["dtype"] != "fp32" and big(r)]), 0.55)
    add("mixed dtypes 16M-64M: ratio to bandwidth bound",
        worst([(num(r, "ratio"), label(r)) for r in at(rows)
               if big(r) and r["layout"] == "mixed"]), 0.9)
    for lay in ("bcast-row", "bcast-col"):
        add("%s 64K-64M: throughput vs contiguous" % lay,
            worst([(num(r, "vs_contig"), label(r)) for r in at(rows)
                   if r["layout"] == lay and int(r["elems"]) >= 64 << 10]), 0.8)
    add("16M-64M, every dtype: ratio to bandwidth bound",
        worst([(num(r, "ratio"), label(r)) for r in at(rows)
               if big(r) and r["layout"] == "contiguous"]), 0.9)
    add("every size/dtype/layout libtorch runs: speedup over libtorch",
        worst([(num(r, "speedup"), "%s %s" % (label(r), r["layout"])) for r in tr]), 1.0)
    add("8 elements: libtorch time / our time (both phases)",
        worst([(num(r, "speedup"), label(r)) for r in tr
               if int(r["elems"]) == 8 and r["layout"] == "contiguous"]), 2.0)
    if midsize is not None and threads > 1:
        m = midsize_rows(midsize, [])
        add("16K-256K: 1-thread time / %d-thread time (no fork/join tax)" % threads,
            worst([(m[k] / m[k[:4] + (threads,)], "%s %s %s" % (k[1], k[2], fmt_size(k[3])))
                   for k in m if k[4] == 1 and k[:4] + (threads,) in m]), 0.95)
    return md_table(["target (%d thread%s)" % (threads, "s" if threads > 1 else ""),
                     "worst measured (where)", "needed", ""], lines)


def generated_sections(rows, trows, threads, comments, tcomments, midsize=None, before=None):
    src = "\n".join("    " + c for c in comments + tcomments)
    sections = {
        "source": "Raw header lines of the CSV files these tables come from:\n\n" + src + "\n",
        "targets": targets_table(rows, trows, threads, midsize),
    }
    # The same targets at the other thread counts, e.g. "targets-1T".
    for t in thread_list(rows):
        if t != threads:
            sections["targets-%dT" % t] = targets_table(rows, trows, t, midsize)
    sections.update({
        "results": results_table(rows),
        "bound": bound_table(rows),
        "layouts": layouts_table(rows),
        "torch": torch_table(trows) if trows else "vs_libtorch was not run.\n",
    })
    if midsize is not None:
        sections["midsize"] = midsize_table(midsize, before or [])
    return sections


def update_doc(path, sections):
    """Rewrite the sections that `path` has markers for; return their names."""
    with open(path) as f:
        text = f.read()
    done = set()
    for name, body in sections.items():
        pat = re.compile(r"(<!-- BEGIN GENERATED: %s -->\n).*?(<!-- END GENERATED: %s -->)"
                         % (re.escape(name), re.escape(name)), re.S)
        if pat.search(text):
            text = pat.sub(lambda m: m.group(1) + body + m.group(2), text)
            done.add(name)
    with open(path, "w") as f:
        f.write(text)
    return done


def update_docs(paths, sections):
    done = set()
    for path in paths:
        done |= update_doc(path, sections)
    for name in sections:
        if name not in done:
            print("plot_perf: no GENERATED: %s markers in %s; skipped" % (name, ", ".join(paths)),
                  file=sys.stderr)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("csv", help="opsnn_bench --csv output")
    ap.add_argument("--torch", help="vs_libtorch --csv output")
    ap.add_argument("--svg", help="write the chart here")
    ap.add_argument("--markdown", help="write the tables here")
    ap.add_argument("--update-doc", action="append",
                    help="rewrite the GENERATED sections of this Markdown file (repeatable)")
    ap.add_argument("--threads", type=int, help="thread count the targets are judged at")
    ap.add_argument("--title", default="libopsnn: GB/s against size (contiguous)")
    ap.add_argument("--layout-svg", help="write the layout chart here")
    ap.add_argument("--midsize", action="append",
                    help="opsnn_bench CSV of mid-size contiguous calls (this library); repeat "
                         "for several runs, the best time per case counts")
    ap.add_argument("--midsize-before", action="append",
                    help="the same from the library before the change")
    ap.add_argument("--midsize-svg", help="write the mid-size before/after chart here")
    args = ap.parse_args(argv)

    rows = read_csv(args.csv)
    if not rows:
        raise SystemExit("plot_perf: %s has no rows" % args.csv)
    trows = read_csv(args.torch) if args.torch else []
    midsize = [r for p in args.midsize for r in read_csv(p)] if args.midsize else None
    before = [r for p in args.midsize_before for r in read_csv(p)] if args.midsize_before else None
    set_ops(rows + (midsize or []) + (before or []))
    threads = args.threads or max(int(r["threads"]) for r in rows)
    if args.svg:
        with open(args.svg, "w") as f:
            f.write(svg_chart(rows, args.title))
    if args.layout_svg:
        with open(args.layout_svg, "w") as f:
            f.write(svg_layouts(rows))
    if args.midsize_svg:
        if midsize is None:
            raise SystemExit("plot_perf: --midsize-svg needs --midsize")
        with open(args.midsize_svg, "w") as f:
            f.write(svg_midsize(midsize, before or []))
    sections = generated_sections(rows, trows, threads, read_comments(args.csv),
                                  read_comments(args.torch) if args.torch else [], midsize, before)
    if args.markdown:
        with open(args.markdown, "w") as f:
            for name, body in sections.items():
                f.write("## %s\n\n%s\n" % (name, body))
    if args.update_doc:
        update_docs(args.update_doc, sections)
    if not (args.svg or args.markdown or args.update_doc):
        sys.stdout.write(sections["targets"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
