export interface RunFiles {
  name: string
  incrementalFile: string
  htmlReport: string
  jsonReport: string
  tempDirName: string
}
export function mutateArgument(argv?: readonly string[]): string | null
export function runFiles(pass: string, argv?: readonly string[]): RunFiles
