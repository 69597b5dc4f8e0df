import { file1_2 } from "./file1_2.js";

export function file1_1() {
  return "file1_1" + "." + file1_2();
}
