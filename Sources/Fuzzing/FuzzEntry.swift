import Foundation

// libFuzzer's entry: it calls this with every input it makes. Which parser takes the input is
// chosen once by FUZZ_TARGET (libFuzzer's own flags fill the command line, and the children it
// starts to minimize a crash inherit the environment, not our arguments).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.chosen.feed(bytes)
    return 0
}

#if !FUZZING
/// Without libFuzzer (`swift build`): `storefront-fuzz TARGET FILE...` runs each file through
/// the same target as the fuzzer does, so a corpus or a crash libFuzzer wrote can be replayed
/// (and the fuzz code is built, without warnings, with everything else).
@main
enum Replayer {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: storefront-fuzz \(names) FILE...\n".utf8))
            exit(64)
        }
        for file in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("\(file): cannot be read\n".utf8))
                exit(66)
            }
            target.feed(Array(data))
            print("\(file): ok")
        }
    }
}
#endif
