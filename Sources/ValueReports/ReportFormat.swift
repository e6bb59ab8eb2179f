/// A report `PUT /values/{name}` reads: the coverage and test reports CI tools write, each named by a media type
/// (`Content-Type`) or recognised by its content.
public enum ReportFormat: String, CaseIterable, Sendable, Hashable {
    case lcov
    case cobertura
    case jacoco
    case goCoverprofile = "go-coverprofile"
    case coveragePy = "coverage.py-json"
    case istanbul = "istanbul-summary"
    case junit

    /// What the report counts: coverage stores lines (and branches, functions), tests store passes (and failures,
    /// skips).
    public var isTestReport: Bool { self == .junit }

    /// The name a person knows it by, for answers and errors.
    public var title: String {
        switch self {
        case .lcov: "LCOV"
        case .cobertura: "Cobertura XML"
        case .jacoco: "JaCoCo XML"
        case .goCoverprofile: "Go coverprofile"
        case .coveragePy: "coverage.py JSON"
        case .istanbul: "Istanbul coverage-summary.json"
        case .junit: "JUnit XML"
        }
    }

    /// The media type that names it in `Content-Type`.
    public var mediaType: String {
        switch self {
        case .lcov: "text/x-lcov"
        case .cobertura: "application/x-cobertura+xml"
        case .jacoco: "application/x-jacoco+xml"
        case .goCoverprofile: "text/x-go-coverprofile"
        case .coveragePy: "application/x-coveragepy+json"
        case .istanbul: "application/x-istanbul-summary+json"
        case .junit: "application/x-junit+xml"
        }
    }

    /// Every format with its media type, for a 415's sentence.
    public static var accepted: String {
        allCases.map { "\($0.title) (\($0.mediaType))" }.joined(separator: ", ")
    }

    /// Reads the report in this format, or throws the sentence of a 400.
    public func read(_ bytes: [UInt8]) throws(ReportError) -> ValueReport {
        let records: [ReportRecord]
        switch self {
        case .lcov: records = try LCOVReader.read(bytes)
        case .cobertura: records = try CoberturaReader.read(bytes)
        case .jacoco: records = try JaCoCoReader.read(bytes)
        case .goCoverprofile: records = try GoCoverprofileReader.read(bytes)
        case .coveragePy: records = try CoveragePyReader.read(bytes)
        case .istanbul: records = try IstanbulReader.read(bytes)
        case .junit: records = try JUnitReader.read(bytes)
        }
        return ValueReport(format: self, records: records)
    }
}
