/// The parameters only bars read, in the order the canonical key lists them after the shared ones.
public enum BarParameter: String, Sendable, Hashable, CaseIterable, ParameterName {
    case width, height, radius
}
