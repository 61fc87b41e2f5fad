/** Why a line's print file was not made or not kept: the operator reads it in the line's status. */
export class PrintRefused extends Error {
  override name = "PrintRefused";
}
