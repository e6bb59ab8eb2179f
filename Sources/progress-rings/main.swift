import Foundation

// The command is the first argument; each command parses the rest.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "serve":
    exit(ServeCommand.run(Array(arguments.dropFirst())))
default:
    FileHandle.standardError.write(Data("usage: progress-rings serve [options]\n".utf8))
    exit(2)
}
