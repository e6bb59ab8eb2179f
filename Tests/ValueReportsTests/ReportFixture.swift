import Foundation
import TestSupport

/// The reports `.ci/fixtures/make-report-fixtures.sh` made with the tools that write them.
enum ReportFixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = packageRoot.appendingPathComponent("Tests/ValueReportsTests/Fixtures/\(name)")
        return Array(try Data(contentsOf: url))
    }
}
