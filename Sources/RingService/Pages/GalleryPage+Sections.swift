import RingKit

extension GalleryPage {
    /// The gallery's cards, section by section: each URL with what it shows.
    static let sections: [(title: String, examples: [Example])] = [
        (
            "Sizes",
            [
                Example(path: "/ring.svg?value=72&size=32", caption: "32 px"),
                Example(path: "/ring.svg?value=72&size=64", caption: "64 px"),
                Example(path: "/ring.svg?value=72", caption: "\(RingSpec().size) px, the default"),
                Example(path: "/ring.svg?value=72&size=160&thickness=6", caption: "160 px, thin stroke"),
                Example(path: "/ring.svg?value=72&size=160&thickness=40", caption: "160 px, thick stroke"),
            ]
        ),
        (
            "Values",
            [
                Example(path: "/ring.svg?value=0", caption: "0: no progress, not even a dot"),
                Example(path: "/ring.svg?value=1", caption: "1%"),
                Example(path: "/ring.svg?value=50", caption: "50%"),
                Example(path: "/ring.svg?value=99.5&decimals=1", caption: "99.5% with one decimal"),
                Example(path: "/ring.svg?value=100", caption: "100%: a closed circle"),
                Example(path: "/ring/7.svg?max=12&label=%7Bvalue%7D/%7Bmax%7D", caption: "7 of 12, short link form"),
            ]
        ),
        (
            "Gauges, directions and caps",
            [
                Example(path: "/ring.svg?value=60&arc=270", caption: "gauge: 270° arc, gap at 6 o'clock"),
                Example(path: "/ring.svg?value=60&arc=180&start=270", caption: "half circle from 9 o'clock"),
                Example(path: "/ring.svg?value=60&arc=270&direction=ccw", caption: "gauge, counter-clockwise"),
                Example(path: "/ring.svg?value=35&direction=ccw", caption: "counter-clockwise"),
                Example(path: "/ring.svg?value=35&cap=butt&thickness=20", caption: "butt caps"),
                Example(path: "/ring.svg?value=35&cap=square&thickness=20", caption: "square caps"),
            ]
        ),
        (
            "Labels",
            [
                Example(path: "/ring.svg?value=42&label=none", caption: "no label"),
                Example(path: "/ring.svg?value=3&max=5&label=%7Bvalue%7D%20of%20%7Bmax%7D", caption: "a template"),
                Example(path: "/ring.svg?value=72&fontWeight=normal&fontSize=20", caption: "normal weight, 20 px"),
                Example(path: "/ring.svg?value=88&label=%F0%9F%9A%80&fontSize=40", caption: "any UTF-8 text"),
                Example(path: "/ring.svg?value=72&title=Sprint%2012%20done", caption: "an accessible title"),
            ]
        ),
        (
            "Colors",
            [
                Example(path: "/ring.svg?value=72&color=green", caption: "CSS name"),
                Example(path: "/ring.svg?value=72&color=%23e11d48&track=%23ffe4e6", caption: "hex stroke and track"),
                Example(
                    path: "/ring.svg?value=72&color=brightgreen&track=none", caption: "shields' brightgreen, no track"),
                Example(
                    path: "/ring.svg?value=72&color=2563eb80&background=fef3c7",
                    caption: "translucent stroke, background"),
                Example(
                    path: "/ring.svg?value=60&color=orange&thresholds=50:orange,80:green",
                    caption: "thresholds: 60 → orange"),
                Example(
                    path: "/ring.svg?value=90&color=red&thresholds=50:orange,80:green",
                    caption: "thresholds: 90 → green"),
                Example(path: "/ring.svg?value=80&color=%232563eb&gradient=%2316a34a", caption: "gradient"),
            ]
        ),
        (
            "Dark backgrounds",
            [
                Example(
                    path: "/ring.svg?value=72&color=%2358a6ff&track=%2330363d&textColor=%23e6edf3",
                    caption: "colors for a dark page", backdrop: .dark),
                Example(path: "/ring.svg?value=72&theme=dark", caption: "theme=dark", backdrop: .dark),
                Example(
                    path: "/ring.svg?value=72&theme=auto", caption: "theme=auto follows the viewer",
                    backdrop: .scheme),
                Example(
                    path: "/ring.svg?value=66&background=%230d1117&color=%233fb950&track=%2321262d&textColor=white",
                    caption: "its own dark background", backdrop: .dark),
            ]
        ),
        (
            "Monitoring",
            [
                Example(
                    path: "/ring.svg?value=442471710720&max=549755813888&unit=bytes&arc=270&size=160"
                        + "&thresholds=80:orange,90:red",
                    caption: "a disk gauge in GiB"),
                Example(
                    path: "/ring.svg?value=0.35&max=0.3&unit=s&arc=270&size=160&label=p99%20%7Bvalue%7D",
                    caption: "latency over its max: the text is true, the arc full"),
                Example(
                    path: "/badge.svg?label=traffic&value=12500&max=50000&unit=reqps", caption: "requests per second"),
                Example(
                    path: "/ring.svg?value=420&max=1000&unit=short&thresholds=200:orange,500:red"
                        + "&thresholdsMode=absolute&size=160",
                    caption: "thresholds in the value's units"),
                Example(
                    path: "/ring.svg?value=0.23&max=0.3&unit=s&arc=270&size=160&thresholds=0.2:orange,0.25:red"
                        + "&thresholdsMode=absolute&markers=true&target=0.15",
                    caption: "latency with threshold marks and a target"),
                Example(
                    path: "/ring.svg?value=-12&min=-50&max=50&neutral=0&arc=270&size=160&unit=suffix:%20%25"
                        + "&color=%23dc2626",
                    caption: "an error budget's burn around a neutral point"),
                Example(
                    path: "/bar.svg?value=3.2&min=-10&max=10&neutral=0&unit=si:%C2%B0C&width=240&markers=true"
                        + "&thresholds=75:red",
                    caption: "a bar around its set point"),
                Example(
                    path: "/badge.svg?label=api&value=0&max=1&map=0:down:red,1:up:brightgreen",
                    caption: "up/down from a mapping"),
                Example(
                    path: "/badge.svg?label=load&value=null&map=null:no%20data:gray", caption: "null mapped to no data"),
                Example(
                    path: "/ring.svg?value=1288490188.8&max=2147483648&unit=bytes&locale=de&size=160",
                    caption: "the same ring in de"),
                Example(
                    path: "/ring.svg?value=1234567&max=10000000&label=%7Bvalue%7D&locale=en-IN&size=160",
                    caption: "and in en-IN"),
            ]
        ),
        (
            "Several rings",
            [
                Example(path: "/ring.svg?value=30,60,90&color=red,green,blue", caption: "three rings, outermost first"),
                Example(
                    path:
                        "/ring.svg?value=80,45&color=%23fa114f,%2392e82a&track=%23333&background=black&textColor=white",
                    caption: "activity-ring style", backdrop: .dark),
            ]
        ),
        (
            "Badges",
            [
                Example(path: "/badge.svg?label=coverage&value=72", caption: "a badge, shields.io style"),
                Example(path: "/badge/coverage/72.svg", caption: "the same as a short link"),
                Example(
                    path: "/badge.svg?label=docs&value=45&thresholds=50:orange,80:brightgreen&color=red",
                    caption: "thresholds: 45 stays red"),
                Example(
                    path: "/badge.svg?label=build%20time&value=80&style=flat-square&color=brightgreen",
                    caption: "flat-square"),
                Example(path: "/badge.svg?label=coverage&value=72&style=plastic", caption: "plastic: 18 px, a sheen"),
                Example(
                    path: "/badge.svg?label=coverage&value=72&style=for-the-badge",
                    caption: "for-the-badge: 28 px, spaced capitals"),
                Example(
                    path: "/badge.svg?label=stars&value=72&style=social&thresholds=50:brightgreen",
                    caption: "social: the value's color in the icon"),
                Example(path: "/badge.svg?label=&value=33", caption: "the right half alone"),
                Example(path: "/badge/tests/0.93.png?max=1&decimals=1&scale=2", caption: "PNG at scale=2"),
            ]
        ),
        (
            "Logos",
            [
                Example(
                    path: "/badge.svg?label=build&value=93&logo=github", caption: "a Simple Icons logo, as shields"),
                Example(
                    path: "/badge.svg?label=python&value=88&logo=python&style=for-the-badge",
                    caption: "for-the-badge, the brand color"),
                Example(path: "/badge.svg?label=stars&value=72&logo=github&style=social", caption: "social"),
                Example(
                    path: "/badge.svg?label=ci&value=100&logo=githubactions&logoColor=white&color=brightgreen",
                    caption: "logoColor"),
                Example(path: "/ring.svg?value=72&logo=prometheus", caption: "a ring: the logo above the label"),
                Example(path: "/ring.svg?value=72&logo=docker&label=none", caption: "alone in the hole"),
                Example(path: "/bar.svg?value=60&logo=rust&width=240&height=24", caption: "a bar: at the left end"),
            ]
        ),
        (
            "Bars",
            [
                Example(path: "/bar.svg?value=72", caption: "a bar, 200 × 20 px"),
                Example(path: "/bar.svg?value=55&radius=0&width=240", caption: "square ends: radius=0"),
                Example(
                    path: "/bar.svg?value=60&color=red&thresholds=50:orange,80:green&width=240",
                    caption: "thresholds: 60 → orange"),
                Example(
                    path: "/bar.svg?value=80&gradient=green&width=240&height=24", caption: "gradient, 24 px high"),
                Example(
                    path: "/bar.svg?value=30,60,90&label=%7Bvalue%7D/%7Bmax%7D&width=240",
                    caption: "three stacked bars, each with its own label"),
                Example(path: "/bar.svg?value=72&theme=dark&width=240", caption: "theme=dark", backdrop: .dark),
                Example(
                    path: "/bar/40.png?height=8&width=240&scale=2",
                    caption: "short link, PNG at scale=2; the label beside a thin bar"),
            ]
        ),
        (
            "Sparklines",
            [
                Example(path: "/spark.svg?points=3,5,4,8,6,9,7", caption: "a sparkline, 120 × 24 px"),
                Example(
                    path: "/spark.svg?points=3,5,4,8,6,9,7&label=auto&width=160",
                    caption: "the last value at the end: label=auto"),
                Example(
                    path: "/spark.svg?points=71,74,73,78,80&min=0&max=100&thresholds=50:orange,75:green"
                        + "&label=%7Bvalue%7D%25&width=160",
                    caption: "thresholds by the last point: 80 → green"),
                Example(
                    path: "/spark.svg?points=9,7,8,5,6,3&fill=none&label=%7Bdelta%7D&width=160",
                    caption: "the line alone; {delta} since the first point"),
                Example(
                    path: "/spark.svg?points=3,5,4,8,6,9,7&theme=dark&label=auto&width=160", caption: "theme=dark",
                    backdrop: .dark),
                Example(path: "/spark.png?points=3,5,4,8,6,9,7&scale=2", caption: "PNG at scale=2"),
            ]
        ),
        (
            "Animation",
            [
                Example(path: "/ring.svg?value=72&animate=1.5", caption: "draws in 1.5 s (reload to replay)"),
                Example(path: "/ring.svg?value=90&arc=270&animate=3", caption: "a gauge in 3 s"),
            ]
        ),
        (
            "PNG",
            [
                Example(path: "/ring.png?value=72&size=96", caption: "PNG, 96 px"),
                Example(
                    path: "/ring.png?value=72&size=96&scale=2", caption: "PNG at scale=2 (192 px) shown at 96 px"),
                Example(
                    path: "/ring.png?value=40&size=48&scale=4", caption: "PNG at scale=4 shown at 48 px"),
            ]
        ),
        (
            "GIF and WebP",
            [
                Example(
                    path: "/ring.gif?value=72&size=96&animate=1", caption: "GIF: the fill as frames, for mail"),
                Example(path: "/badge/coverage/87.gif", caption: "a still GIF badge, edges on white"),
                Example(path: "/ring.webp?value=72&size=96&scale=2", caption: "lossless WebP at scale=2"),
            ]
        ),
    ]
}
