import Foundation
import TestSupport

/// deploy/github-action/action.yml run as GitHub's runner runs a composite action, as far as a test can: read with
/// Debian's PyYAML, each `run:` step given to `bash --noprofile --norc -eo pipefail` with the step's `env:` (its
/// `${{ inputs.NAME }}` filled from the inputs and their defaults), `GITHUB_ACTION_PATH`, and the `GITHUB_ENV` and
/// `GITHUB_OUTPUT` files, whose lines later steps see as the runner passes them on. A `uses:` step (actions/cache)
/// is left out and named in `skipped`; any other expression, or an `if:` on a run step, fails the run, so the test
/// runs no step other than the runner would.
struct CompositeAction {
    /// One step of `runs.steps`.
    struct Step {
        let name: String
        let run: String?
        let uses: String?
        let condition: String?
        let environment: [String: String]
    }

    static let path = packageRoot.appendingPathComponent("deploy/github-action/action.yml").path

    let steps: [Step]
    /// Each input's default (`inputs.NAME.default`; an input without one is empty).
    let defaults: [String: String]
    let required: Set<String>

    init() throws {
        let read = try ExternalCommand.run(
            "/usr/bin/python3",
            ["-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)", Self.path])
        guard read.status == 0, let top = try JSONSerialization.jsonObject(with: Data(read.output)) as? [String: Any],
            let runs = top["runs"] as? [String: Any], runs["using"] as? String == "composite",
            let steps = runs["steps"] as? [[String: Any]], let inputs = top["inputs"] as? [String: [String: Any]]
        else { throw TestFailure("\(Self.path) is no composite action: \(read.errors)") }
        defaults = inputs.mapValues { "\($0["default"] ?? "")" }
        required = Set(inputs.filter { $0.value["required"] as? Bool == true }.keys)
        self.steps = steps.map { step in
            Step(
                name: step["name"] as? String ?? step["id"] as? String ?? "?", run: step["run"] as? String,
                uses: step["uses"] as? String, condition: step["if"] as? String,
                environment: (step["env"] as? [String: Any] ?? [:]).mapValues { "\($0)" })
        }
    }

    /// What a run of the action did: each run step's output, and the `uses:` steps left out.
    struct Outcome {
        var status: Int32 = 0
        var output = ""
        var errors = ""
        var skipped: [String] = []
    }

    /// Runs the action's steps with `inputs` in `environment` (the runner's: `ACTIONS_ID_TOKEN_REQUEST_URL`, …), in
    /// a scratch `folder` that is the job's home and `RUNNER_TEMP`; stops at the first step that fails.
    func run(inputs: [String: String], environment: [String: String], folder: String) throws -> Outcome {
        for name in required where inputs[name, default: ""].isEmpty {
            throw TestFailure("the action needs input \(name)")
        }
        let values = defaults.merging(inputs) { $1 }
        let files = ["GITHUB_ENV", "GITHUB_OUTPUT"].map { (name: $0, path: folder + "/" + $0.lowercased()) }
        for file in files { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        var base = environment
        base["GITHUB_ACTION_PATH"] = packageRoot.appendingPathComponent("deploy/github-action").path
        base["HOME"] = folder
        base["RUNNER_TEMP"] = folder
        for file in files { base[file.name] = file.path }
        var outcome = Outcome()
        for step in steps {
            if let uses = step.uses {
                outcome.skipped.append(uses)
                continue
            }
            guard let script = step.run else { throw TestFailure("step \(step.name) has neither run nor uses") }
            if let condition = step.condition { throw TestFailure("run step \(step.name) has if: \(condition)") }
            if script.contains("${{") { throw TestFailure("run step \(step.name) writes an expression in its script") }
            var environment = base
            // Read by a handle: String(contentsOfFile:) leaks its 4 KiB buffer on an empty file (LeakSanitizer saw
            // it here, where GITHUB_ENV starts empty).
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: files[0].path))
            let written = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
            try handle.close()
            for line in written.split(separator: "\n") {
                guard let equals = line.firstIndex(of: "=") else { continue }
                environment[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
            for (name, value) in step.environment { environment[name] = try Self.filled(value, values) }
            let scriptPath = folder + "/step.sh"
            try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
            let run = try ExternalCommand.run(
                "env",
                ["-i"] + environment.map { "\($0.key)=\($0.value)" } + [
                    "bash", "--noprofile", "--norc", "-eo", "pipefail", scriptPath,
                ], directory: URL(fileURLWithPath: folder))
            outcome.output += run.text
            outcome.errors += run.errors
            outcome.status = run.status
            if run.status != 0 { break }
        }
        return outcome
    }

    /// `text` with `${{ inputs.NAME }}` filled; any other expression is one this stand-in runner does not know.
    static func filled(_ text: String, _ inputs: [String: String]) throws -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else { throw TestFailure("unclosed: \(text)") }
            let expression = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard expression.hasPrefix("inputs."), let value = inputs[String(expression.dropFirst(7))] else {
                throw TestFailure("an expression the test does not run: \(expression)")
            }
            out += value
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
