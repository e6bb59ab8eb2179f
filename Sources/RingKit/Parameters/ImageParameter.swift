import MessageText

/// One parameter of the image routes, declared once: its name, the images that read it, its grammar, default and
/// meaning, and, for each kind of spec that reads it, how it is read and where and how it is written in the
/// canonical key.
///
/// The table (`ImageParameter.all`) is the one source for parsing (`RingSpec`, `BarSpec` and `BadgeSpec` read the
/// rows given in a query, in key order), the canonical keys, the builder page's fields and hints, the parameter tables
/// in docs/parameters.md and the spec fuzzer's dictionary (both checked by tests). A new parameter is a row, the
/// field and the code that draws it, and its tests.
public struct ImageParameter: Sendable {
    /// The images a parameter applies to.
    public struct Kinds: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let ring = Kinds(rawValue: 1)
        public static let bar = Kinds(rawValue: 2)
        public static let badge = Kinds(rawValue: 4)
        public static let spark = Kinds(rawValue: 8)
        /// Ring, bar and badge: what a row marked `.all` applies to. A sparkline reads fewer parameters (no single
        /// value, no live source), so its rows name it one by one.
        public static let all: Kinds = [.ring, .bar, .badge]
    }

    /// The shape of the text a parameter takes, as the builder page offers it and the fuzzer varies it.
    public enum Grammar: Sendable, Hashable {
        /// A finite decimal (`72`, `-0.5`, `1e-5`).
        case decimal
        /// A whole number.
        case integer
        /// A color (`RGBAColor.parse`).
        case color
        /// A color, or `none`.
        // Two cases, not `color(allowsNone:)`: with `keyword` the only case that carries a value, the words' array
        // is stored as a plain pointer. Beside a second payload case Swift packs the case tag into the pointer's
        // spare bits, and LeakSanitizer, which no longer sees a pointer there, reports the table's arrays as
        // leaked at every exit (`.ci/checks/sanitizers.sh` failed on it).
        case colorOrNone
        /// One of these words, spelled exactly.
        case keyword([String])
        /// Free text.
        case text
    }

    /// Where the builder page shows a parameter: its group, and the hint and placeholder of its field.
    public struct Field: Sendable {
        public let group: String
        /// What it means, its default and what is accepted, in one line.
        public let hint: String
        /// Shown greyed in an empty field: the default, or an example.
        public let placeholder: String
        /// For a parameter whose empty value means something, the words of a checkbox that sends it empty.
        public let emptyChoice: String?
        /// The keyboard a phone shows for a text field, where the grammar's own (`decimal`, `numeric`, `text`) is
        /// not the one (`url`).
        public let inputMode: String?
        /// Where a color's picker starts (`#rrggbb`): the placeholder's color, or white where it is none.
        public var picker: String { pickerStart ?? RGBAColor.parse(placeholder)?.hex ?? "#ffffff" }
        private let pickerStart: String?

        init(
            _ group: String, _ hint: String, placeholder: String, emptyChoice: String? = nil, inputMode: String? = nil,
            picker: String? = nil
        ) {
            self.group = group
            self.hint = hint
            self.placeholder = placeholder
            self.emptyChoice = emptyChoice
            self.inputMode = inputMode
            self.pickerStart = picker
        }
    }

    /// How one kind of spec reads a parameter and writes it in its canonical key.
    struct Binding<Spec>: Sendable {
        /// Its place among the spec's parameters: the order of reading and of the canonical key. New parameters take
        /// the next free place, so the keys of existing URLs never change.
        let place: Int
        /// Which formats' keys hold it (`scale` only shapes rasters, `animate` an SVG and a GIF, `matte` a GIF).
        let formats: FormatSet
        /// Reads the parameter from the query into the spec; called only when the query gives it.
        let read: @Sendable (ParameterReader, inout Spec) throws(ParameterError) -> Void
        /// The canonical, percent-encoded text of its value in `spec` (`nil`: nothing to write). `context` is the
        /// spec being keyed, whose size, height or arc a default depends on (the defaults are written as the spec
        /// being keyed resolves them).
        let key: @Sendable (_ spec: Spec, _ context: Spec) -> String?

        init(
            _ place: Int, _ formats: FormatSet = .both,
            read: @escaping @Sendable (ParameterReader, inout Spec) throws(ParameterError) -> Void,
            key: @escaping @Sendable (_ spec: Spec, _ context: Spec) -> String?
        ) {
            self.place = place
            self.formats = formats
            self.read = read
            self.key = key
        }
    }

    /// How a parameter of the value's style (`ValueStyle`: unit, digits, locale, map, neutral point) is read and
    /// keyed, declared once for every kind that draws a value: each kind binds it at its own place in its key.
    struct StyleBinding: Sendable {
        /// Its place in a ring's key (bars and sparklines share the ring's rows) and in a badge's.
        let ringPlace: Int
        let badgePlace: Int
        /// Reads the parameter into the style; `bounds` are the value's `min` and `max`, already read.
        let read:
            @Sendable (ParameterReader, _ bounds: (min: Double, max: Double), inout ValueStyle) throws(ParameterError)
                -> Void
        /// The canonical text of its value in the style (`nil`: nothing to write).
        let key: @Sendable (ValueStyle) -> String?

        init(
            ring ringPlace: Int, badge badgePlace: Int,
            read:
                @escaping @Sendable (ParameterReader, _ bounds: (min: Double, max: Double), inout ValueStyle)
                throws(ParameterError) -> Void,
            key: @escaping @Sendable (ValueStyle) -> String?
        ) {
            self.ringPlace = ringPlace
            self.badgePlace = badgePlace
            self.read = read
            self.key = key
        }

        /// The binding of a kind that holds a value style.
        func binding<Spec: DrawsReading>(at place: Int) -> Binding<Spec> {
            Binding(
                place,
                read: { reader, spec throws(ParameterError) in
                    try read(reader, (spec.reading.min, spec.reading.max), &spec.valueStyle)
                }, key: { spec, _ in key(spec.valueStyle) })
        }
    }

    /// How a parameter of the value itself (`value`, `min`, `max`, `previous`) is read into a `ValueReading` and
    /// keyed, declared once for every kind that draws a value: each kind binds it at its own place in its key.
    struct ReadingBinding: Sendable {
        /// Its place in a ring's key (bars and sparklines share the ring's rows) and in a badge's; `nil`: a badge
        /// does not read it.
        let ringPlace: Int
        let badgePlace: Int?
        /// Reads the parameter into the reading (and the style, where the value is missing); `several` says whether
        /// the kind draws several values (`value=30,60,90`) or one.
        let read:
            @Sendable (ParameterReader, _ several: Bool, inout ValueReading, inout ValueStyle) throws(ParameterError)
                -> Void
        /// The canonical text of its value (`nil`: nothing to write).
        let key: @Sendable (ValueReading, ValueStyle) -> String?

        init(
            ring ringPlace: Int, badge badgePlace: Int?,
            read:
                @escaping @Sendable (ParameterReader, _ several: Bool, inout ValueReading, inout ValueStyle)
                throws(ParameterError) -> Void,
            key: @escaping @Sendable (ValueReading, ValueStyle) -> String?
        ) {
            self.ringPlace = ringPlace
            self.badgePlace = badgePlace
            self.read = read
            self.key = key
        }

        /// The bindings of a ring (bars and sparklines read the ring's rows) and of a badge. Written for each type,
        /// not over `DrawsReading`: on a concrete spec the reading and the style are two stored properties reached
        /// in place, where a generic spec's would be copied out and back on every row read.
        var ringBinding: Binding<RingSpec> {
            Binding(
                ringPlace,
                read: { reader, spec throws(ParameterError) in
                    try read(reader, true, &spec.reading, &spec.valueStyle)
                    spec.fitLooksToReading()
                }, key: { spec, _ in key(spec.reading, spec.valueStyle) })
        }

        var badgeBinding: Binding<BadgeSpec>? {
            badgePlace.map { place in
                Binding(
                    place,
                    read: { reader, spec throws(ParameterError) in
                        try read(reader, false, &spec.reading, &spec.valueStyle)
                    }, key: { spec, _ in key(spec.reading, spec.valueStyle) })
            }
        }
    }

    /// The image formats whose canonical key holds a parameter.
    struct FormatSet: OptionSet, Sendable {
        let rawValue: UInt8
        init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The set of one format: its bit is its place in `ImageFormat`'s cases.
        init(_ format: ImageFormat) { rawValue = 1 << Self.order.firstIndex(of: format)! }
        /// `ImageFormat.allCases`, made once: `holds` runs for every row of every key a request writes, and
        /// `allCases` makes a new array at each call.
        private static let order = ImageFormat.allCases
        static let svg = FormatSet(.svg)
        static let png = FormatSet(.png)
        static let gif = FormatSet(.gif)
        static let webp = FormatSet(.webp)
        /// The formats made of pixels: what `scale` shapes.
        static let raster = FormatSet(ImageFormat.allCases.filter(\.isRaster).map(FormatSet.init))
        /// None: the parameter shapes the response's headers, not the image (`cacheSeconds`).
        static let headersOnly: FormatSet = []
        /// Every format.
        static let both = FormatSet(ImageFormat.allCases.map(FormatSet.init))

        func holds(_ format: ImageFormat) -> Bool { contains(FormatSet(format)) }
    }

    /// The columns of the docs' parameter tables (Markdown).
    public struct Docs: Sendable {
        public let meaning: String
        public let defaultText: String
        public let accepted: String

        init(_ meaning: String, default defaultText: String, accepted: String) {
            self.meaning = meaning
            self.defaultText = defaultText
            self.accepted = accepted
        }
    }

    public let name: String
    public let kinds: Kinds
    public let grammar: Grammar
    /// What the docs say of it; `badgeDocs`, where a badge's table says it otherwise.
    public let docs: Docs
    public let badgeDocs: Docs?
    public let field: Field
    /// Read by the service rather than by a spec (the live-value parameters).
    public let readByService: Bool

    /// How a ring and a badge read it. Bars and sparklines read the ring's rows they share through the ring's
    /// bindings; the rows only one kind reads are declared in its folder, with their binding (`OwnParameter`).
    let ring: Binding<RingSpec>?
    let badge: Binding<BadgeSpec>?

    init(
        _ name: String, _ kinds: Kinds, _ grammar: Grammar, docs: Docs, badgeDocs: Docs? = nil, field: Field,
        readByService: Bool = false, ring: Binding<RingSpec>? = nil, badge: Binding<BadgeSpec>? = nil,
        style: StyleBinding? = nil, reading: ReadingBinding? = nil
    ) {
        self.name = name
        self.kinds = kinds
        self.grammar = grammar
        self.docs = docs
        self.badgeDocs = badgeDocs
        self.field = field
        self.readByService = readByService
        self.ring = style.map { $0.binding(at: $0.ringPlace) } ?? reading?.ringBinding ?? ring
        self.badge = style.map { $0.binding(at: $0.badgePlace) } ?? reading?.badgeBinding ?? badge
    }
}

/// A parameter only one kind reads, declared in the kind's folder with how that kind reads and keys it (`nil`: the
/// service reads it, as a sparkline's `window`). The kind lists them as `ownParameters`, so the parameter table, the
/// docs, the builder and the fuzzer's dictionary gather them with every other row.
struct OwnParameter<Spec>: Sendable {
    let row: ImageParameter
    let binding: ImageParameter.Binding<Spec>?

    init(
        _ name: String, _ kinds: ImageParameter.Kinds, _ grammar: ImageParameter.Grammar, docs: ImageParameter.Docs,
        field: ImageParameter.Field, readByService: Bool = false, binding: ImageParameter.Binding<Spec>? = nil
    ) {
        row = ImageParameter(name, kinds, grammar, docs: docs, field: field, readByService: readByService)
        self.binding = binding
    }
}

extension ImageParameter {
    /// The rows that apply to `kind`, in the order of the table.
    public static func rows(for kind: Kinds) -> [ImageParameter] { all.filter { $0.kinds.contains(kind) } }

    /// The names a spec of `kind` reads from a query, in their key places (the live-value parameters, read by the
    /// service, left out). For a bar or a sparkline: the ring's names it shares, then its own.
    public static func names(readBy kind: Kinds) -> [String] {
        Drawing.Kind(parameterKind: kind)?.type.parameterNames ?? []
    }

    /// The name of every row, of every kind, those the service reads included.
    public static let everyName = Set(all.map(\.name))

    /// The first of `names` that `name` is a near miss of: the same in another case, or, for a name of four
    /// letters or more, one edit away (a letter added, dropped or changed, two swapped): `Value`, `colour`.
    public static func nearMiss(of name: String, among names: some Sequence<String>) -> String? {
        names.first { known in
            MessageText.isOneEditApart(known, name) && (name.count >= 4 || known.lowercased() == name.lowercased())
        }
    }

    /// The names each kind reads, by its bit.
    private static let readBy: [UInt8: Set<String>] = Dictionary(
        uniqueKeysWithValues: Drawing.Kind.allCases.map { ($0.parameterKind.rawValue, Set($0.type.parameterNames)) })

    /// Whether a spec of `kind` (one kind's bit) reads the parameter `name`.
    public static func isRead(_ name: String, by kind: Kinds) -> Bool { readBy[kind.rawValue]?.contains(name) ?? false }
}
