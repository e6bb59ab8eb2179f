/// The version of progress-rings, the one place it is written.
public enum ProgressRingsVersion {
    /// Semantic version of this build, e.g. for `--version` and the `/metrics` build info.
    public static let current = "0.1.0"
}
