// The SKILL.md files of the look, read back: each one's text and its frontmatter, or what kept
// it from having one. The checks of the file (files.ts) and of the name (names.ts) share it.
import type { Json } from '../../../../harness/rules/json.js';
import { resultOf, type FileRead, type SkillsLook } from './look.js';
import { bytesOf, frontmatterOf } from './rules.js';

export interface SkillMd {
  read: FileRead;
  /** The file's text, when the read gave one text item. */
  text?: string;
  frontmatter?: Json;
  /** Why there is no frontmatter (no result, no text, no block, no YAML mapping). */
  problem?: string;
}

/** The SKILL.md reads of the look (the file each entry's uri names), answered or not. */
export function skillMds(look: SkillsLook): SkillMd[] {
  return look.reads.filter((r) => r.uri === r.skill).map(ofRead);
}

function ofRead(read: FileRead): SkillMd {
  const result = resultOf(read.reply);
  if (!result) return { read, problem: 'no result' };
  const got = bytesOf(result);
  if ('problem' in got) return { read, problem: got.problem };
  if (typeof got.item.text !== 'string') return { read, problem: 'a blob, not text' };
  const text = got.item.text;
  const front = frontmatterOf(text);
  return 'problem' in front ? { read, text, problem: front.problem } : { read, text, frontmatter: front.frontmatter };
}
