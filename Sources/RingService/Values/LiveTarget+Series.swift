import RingKit

extension LiveTarget {
    /// The series' labels of a reading, for the alias of a request and a value: two readings of the same numbers
    /// whose series are named otherwise draw other labels. Each label percent-encoded, so no text reads as another.
    static func labelsText(_ labels: [[String: String]]) -> String {
        guard !labels.isEmpty else { return "" }
        return "&labels="
            + labels.map { series in
                series.keys.sorted().map { QueryParameters.encode($0) + ":" + QueryParameters.encode(series[$0]!) }
                    .joined(separator: ";")
            }.joined(separator: ",")
    }
}
