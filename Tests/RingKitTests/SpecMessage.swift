@testable import RingKit

/// The error message a query gets, or nil when it parses: what the parameter tables of the feature tests compare.
func ringMessage(_ query: String, pathValue: String? = nil) -> String? {
    do {
        _ = try RingSpec.parse(query: query, pathValue: pathValue)
        return nil
    } catch {
        return error.message
    }
}
