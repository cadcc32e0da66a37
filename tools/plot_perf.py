#!/usr/bin/env python3
"""Chart and tables from opsnn_bench (and vs_libtorch) CSV output.

    tools/plot_perf.py bench.csv [--torch torch.csv] [--svg docs/perf/gbps_vs_size.svg]
                       [--markdown tables.md] [--update-doc docs/performance.md]
                       [--threads N]

--svg         GB/s against size (log2), one panel per dtype, one line per
              operator x thread count (contiguous layout), and the measured
              bandwidth bound of each thread count as a dashed reference line.
--markdown    the tables of docs/performance.md (source, targets at the judged
              thread count and as "targets-NT" at the others, results, bound,
              layouts, torch) as Markdown.
--update-doc  the same tables written into a Markdown file between the
              markers <!-- BEGIN GENERATED: NAME --> / <!-- END GENERATED: NAME -->.
--threads     the thread count the targets are judged at (default: the
              largest in the CSV).

Python 3 standard library only.
"""
import argparse
import csv
import html
import math
import re
import sys

DTYPES = ["fp32", "fp16", "bf16"]
OPS = ["softshrink", "selu"]
COLORS = {"softshrink": "#1f77b4", "selu": "#d62728"}
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


def targets_table(rows, trows, threads):
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

    mid = lambda r: 64 << 10 <= int(r["elems"]) <= 1 << 20
    big = lambda r: int(r["elems"]) >= 16 << 20
    tr = at(trows or [])
    tr = [r for r in tr if r["layout"] == "contiguous"]
    add("64K-1M fp32: speedup over libtorch",
        worst([(num(r, "speedup"), label(r)) for r in tr if mid(r) and r["dtype"] == "fp32"]), 1.2)
    add("64K-1M bf16: speedup over libtorch",
        worst([(num(r, "speedup"), label(r)) for r in tr if mid(r) and r["dtype"] == "bf16"]), 2.0)
    # fp16 within 10% of bf16: bf16 time / fp16 time >= 1/1.1
    cont = {(r["op"], r["dtype"], r["elems"], r["threads"]): r for r in rows
            if r["layout"] == "contiguous"}
    pairs = []
    for (op, dt, n, t), r in cont.items():
        if dt == "fp16" and int(t) == threads and (op, "bf16", n, t) in cont:
            bf = cont[(op, "bf16", n, t)]
            pairs.append((num(bf, "call_ns") / num(r, "call_ns"), "%s %s" % (op, fmt_size(n))))
    add("all sizes: fp16 speed / bf16 speed", worst(pairs), round(1 / 1.1, 3))
    add("16M-64M: speedup over libtorch",
        worst([(num(r, "speedup"), label(r)) for r in tr if big(r)]), 1.3)
    add("16M-64M: ratio to bandwidth bound",
        worst([(num(r, "ratio"), label(r)) for r in at(rows)
               if big(r) and r["layout"] == "contiguous"]), 0.9)
    add("8 elements: libtorch time / our time (both phases)",
        worst([(num(r, "speedup"), label(r)) for r in tr if int(r["elems"]) == 8]), 2.0)
    for lay in ("transposed", "bcast-row", "bcast-col"):
        add("%s: throughput vs contiguous" % lay,
            worst([(num(r, "vs_contig"), label(r)) for r in at(rows) if r["layout"] == lay]), 0.5)
    return md_table(["target (%d thread%s)" % (threads, "s" if threads > 1 else ""),
                     "worst measured (where)", "needed", ""], lines)


def generated_sections(rows, trows, threads, comments, tcomments):
    src = "\n".join("    " + c for c in comments + tcomments)
    sections = {
        "source": "Raw header lines of the CSV files these tables come from:\n\n" + src + "\n",
        "targets": targets_table(rows, trows, threads),
    }
    # The same targets at the other thread counts, e.g. "targets-1T".
    for t in thread_list(rows):
        if t != threads:
            sections["targets-%dT" % t] = targets_table(rows, trows, t)
    sections.update({
        "results": results_table(rows),
        "bound": bound_table(rows),
        "layouts": layouts_table(rows),
        "torch": torch_table(trows) if trows else "vs_libtorch was not run.\n",
    })
    return sections


def update_doc(path, sections):
    with open(path) as f:
        text = f.read()
    for name, body in sections.items():
        pat = re.compile(r"(<!-- BEGIN GENERATED: %s -->\n).*?(<!-- END GENERATED: %s -->)"
                         % (re.escape(name), re.escape(name)), re.S)
        if not pat.search(text):
            print("plot_perf: %s has no GENERATED: %s markers; skipped" % (path, name),
                  file=sys.stderr)
            continue
        text = pat.sub(lambda m: m.group(1) + body + m.group(2), text)
    with open(path, "w") as f:
        f.write(text)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("csv", help="opsnn_bench --csv output")
    ap.add_argument("--torch", help="vs_libtorch --csv output")
    ap.add_argument("--svg", help="write the chart here")
    ap.add_argument("--markdown", help="write the tables here")
    ap.add_argument("--update-doc", help="rewrite the GENERATED sections of this Markdown file")
    ap.add_argument("--threads", type=int, help="thread count the targets are judged at")
    ap.add_argument("--title", default="libopsnn: GB/s against size (contiguous)")
    args = ap.parse_args(argv)

    rows = read_csv(args.csv)
    if not rows:
        raise SystemExit("plot_perf: %s has no rows" % args.csv)
    trows = read_csv(args.torch) if args.torch else []
    threads = args.threads or max(int(r["threads"]) for r in rows)
    if args.svg:
        with open(args.svg, "w") as f:
            f.write(svg_chart(rows, args.title))
    sections = generated_sections(rows, trows, threads, read_comments(args.csv),
                                  read_comments(args.torch) if args.torch else [])
    if args.markdown:
        with open(args.markdown, "w") as f:
            for name, body in sections.items():
                f.write("## %s\n\n%s\n" % (name, body))
    if args.update_doc:
        update_doc(args.update_doc, sections)
    if not (args.svg or args.markdown or args.update_doc):
        sys.stdout.write(sections["targets"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
