// URL-safe slugs for projects and research objects.
import { foldText } from "../../identity/domain/identifier-keys.js";

export function kebab(text: string, maxLength = 60): string {
  const slug = foldText(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
  return slug || "untitled";
}
