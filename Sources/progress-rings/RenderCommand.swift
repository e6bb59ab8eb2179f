import Glibc
import RingKit

/// `progress-rings render QUERY [-o FILE] [--format svg|png|gif|webp] [--badge | --bar | --spark]`: one ring (badge, bar,
/// sparkline), drawn offline
/// from the same query language as the server's URLs.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "draw one ring, badge, bar or sparkline from a query, to a file or standard output"

    static let usage = """
        usage: progress-rings render [QUERY] [-o FILE] [--format svg|png|gif|webp] [--badge | --bar | --spark] [--config FILE]

        Draws the ring the server sends for /ring.svg?QUERY (or /ring.png?QUERY, .gif, .webp), with --badge the badge it sends for
        /badge.svg?QUERY, with --bar the bar it sends for /bar.svg?QUERY, with --spark the sparkline it sends for
        /spark.svg?QUERY, e.g.
          progress-rings render 'value=72&size=256' -o ring.png
          progress-rings render 'value=3&max=8&label={value}/{max}' > steps.svg
          progress-rings render --badge 'label=coverage&value=72&thresholds=50:orange,80:green' -o coverage.svg
          progress-rings render --bar 'value=7&max=12&width=300' -o sprint.png
          progress-rings render --spark 'points=3,5,4,8&label=auto' -o trend.svg
          progress-rings render 'url=https://example.com/coverage.json&query=$.total' -o coverage.svg

        arguments:
          QUERY                 ring (badge, bar) parameters as in a URL query (quote it: & is special to the
                                shell); omitted or empty, the default ring (badge, bar)
        options:
          -o, --output FILE     where to write the image; - is standard output (the default)
          -f, --format FORMAT   svg, png, gif or webp; default: FILE's extension (.svg, .png, .gif, .webp),
                                otherwise svg
          -b, --badge           a badge (label, small ring and value) instead of a ring
          --bar                 a horizontal bar instead of a ring
          --spark               a sparkline of points= instead of a ring
          --config FILE         settings whose live values a url= or prometheus= query uses (named sources,
                                Prometheus servers, CA file, timeouts; any http(s) URL works without it), and
                                logoDirectory, where logo= slugs are read
          -h, --help            show this help
          --version             show the version

        exit status: 0 written, 1 the image could not be drawn or written (or its live value read), 2 bad usage or a
        bad query
        """

    /// The kind `--KIND` names (`--badge`, `-b`, `--bar`, `--spark`, any kind but the ring, which is the default).
    static func imageKind(flag: String) -> Drawing.Kind? {
        if flag == "-b" { return .badge }
        guard flag.hasPrefix("--"), let kind = Drawing.Kind(rawValue: String(flag.dropFirst(2))), kind != .ring else {
            return nil
        }
        return kind
    }

    /// `--badge, --bar and --spark`: every kind's flag, for a refusal.
    static var kindFlags: String {
        let flags = Drawing.Kind.allCases.filter { $0 != .ring }.map { "--\($0.rawValue)" }
        return flags.dropLast().joined(separator: ", ") + " and " + flags.last!
    }

    /// What the command line asks for, before any drawing.
    struct Options: Equatable {
        var query = ""
        var output = "-"
        var format: ImageFormat = .svg
        var kind: Drawing.Kind = .ring
        /// `--config FILE`: the settings file whose live-value settings a `url=` or `prometheus=` query uses, and whose
        /// `logoDirectory` a `logo=` slug is read from.
        var config: String?
    }

    /// The result of reading the arguments: the options to render with, or a message and a status to end with.
    typealias Parsed = ParsedArguments<Options>

    static func run(arguments: [String]) -> ExitStatus {
        parse(arguments).run(render)
    }

    /// Draws the image the options describe and writes it where they say.
    static func render(_ options: Options) -> ExitStatus {
        // Parsed (and a live value read) before anything is drawn or written, so a bad query is always a usage
        // error.
        let drawing: Drawing
        switch Self.drawing(for: options) {
        case .success(let d):
            drawing = d
        case .failure(let failure):
            Console.error("progress-rings render: \(failure.message)")
            return failure.status
        }
        if options.format.isRaster, options.output == "-", isatty(STDOUT_FILENO) == 1 {
            Console.error(
                "progress-rings render: a \(options.format.rawValue.uppercased()) is binary; write it to a file with "
                    + "-o FILE or redirect the output")
            return .usage
        }
        let bytes: [UInt8]
        do {
            bytes = try drawing.render(options.format)
        } catch {
            Console.error("progress-rings render: cannot draw the PNG: \(error)")
            return .failure
        }
        do {
            try Console.write(bytes, toPath: options.output)
        } catch {
            Console.error("progress-rings render: \(error.message)")
            return .failure
        }
        return .success
    }

    /// Reads the arguments after `render`. Options may come before or after the query; `--` ends options.
    static func parse(_ arguments: [String]) -> Parsed {
        var options = Options()
        var query: String?
        var output: String?
        var format: ImageFormat?
        var remaining = arguments[...]
        var optionsEnded = false

        func bad(_ message: String) -> Parsed {
            .exit(.usage, message: usageError(message))
        }

        while let argument = remaining.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                guard query == nil else {
                    return bad(
                        "one query only; got \(ParameterError.quoted(query!)) and \(ParameterError.quoted(argument))")
                }
                query = argument
                continue
            }
            // `--output=FILE` and `--format=png` are the same as their two-word forms.
            let option = CommandArgument(argument)
            if let answer = option.standardAnswer(usage: usage) { return .exit(.success, message: answer) }
            let (name, attached) = (option.name, option.attached)
            switch name {
            case "--":
                optionsEnded = true
            case _ where imageKind(flag: name) != nil:
                guard attached == nil else { return bad("\(name) takes no value") }
                guard options.kind == .ring else { return bad("one of \(kindFlags), once") }
                options.kind = imageKind(flag: name)!
            case "--config":
                guard let value = attached ?? remaining.popFirst(), !value.isEmpty else {
                    return bad("--config needs a file name")
                }
                guard options.config == nil else { return bad("--config given twice") }
                options.config = value
            case "-o", "--output", "-f", "--format":
                guard let value = attached ?? remaining.popFirst() else { return bad("\(name) needs a value") }
                if name == "-o" || name == "--output" {
                    guard output == nil else { return bad("\(name) given twice") }
                    guard !value.isEmpty else { return bad("\(name) needs a file name, or - for standard output") }
                    output = value
                } else {
                    guard format == nil else { return bad("\(name) given twice") }
                    // Any case, as the file name's extension is.
                    guard let parsed = ImageFormat(rawValue: value.lowercased()) else {
                        return bad("\(name) \(ParameterError.quoted(value)) is not one of svg, png, gif, webp")
                    }
                    format = parsed
                }
            default:
                return bad("unknown option \(ParameterError.quoted(argument))")
            }
        }

        options.query = query ?? ""
        // A query copied from a URL keeps its `?`; it is not part of the first name.
        if options.query.hasPrefix("?") { options.query.removeFirst() }
        options.output = output ?? "-"
        let named = options.output == "-" ? nil : formatFromName(options.output)
        switch (format, named) {
        case (let chosen?, let fromName?) where chosen != fromName:
            return bad(
                "--format \(chosen.rawValue) contradicts the file name \(ParameterError.quoted(options.output))")
        case (let chosen?, _):
            options.format = chosen
        case (nil, let fromName?):
            options.format = fromName
        case (nil, nil) where options.output != "-":
            return bad(
                "cannot tell the format of \(ParameterError.quoted(options.output)): name it .svg, .png, .gif or .webp, or give --format"
            )
        case (nil, nil):
            options.format = .svg
        }
        return .run(options)
    }

    /// The format a file name's extension names, any case: `ring.PNG` is a PNG.
    static func formatFromName(_ path: String) -> ImageFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return ImageFormat(rawValue: path[path.index(after: dot)...].lowercased())
    }
}
