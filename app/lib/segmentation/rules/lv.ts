import { type SrxRule } from '../srx'
import { beforeNumber, insideGuillemets, neverFinal, ruleSet } from './patterns'

/**
 * Latvian abbreviations followed by more of the sentence even before a capital: "t.i. Rīga", "prof. Bērziņš",
 * "20. gs. Latvijā", "pr. Kr." (but "Kr." itself may end a sentence). Ordinals ("1. janvārī", "2. pants") need no rule: a stop before a lowercase
 * word never breaks (patterns.ts sentenceBreak). "u.c.", "utt.", "u.tml." end lists and often sentences, so
 * before a capital they break, like "etc." in English.
 */
const neverFinalWords = [
  't.i.', 't.s.', 't.sk.', 'piem.', 'sk.', 'skat.', 'prof.', 'asoc.', 'doc.', 'dr.', 'akad.', 'Mg.', 'Bc.',
  'sc.', 'ing.', 'oec.', 'habil.', 'phil.', 'med.', 'inž.', 'resp.', 'vidr.', 'angl.', 'lat.', 'vāc.',
  'fr.', 'franč.', 'š.g.', 'p.g.', 'n.g.', 'š.m.', 'pr.', 'apm.', 'ap.',
  'aptuv.', 'g.', 'gs.', 'milj.', 'mljrd.', 'tūkst.', 'sv.', 'iel.', 'k-gs.', 'kgs.', 'kdz.',
  'priekšs.', 'valdes priekšs.', 'vad.', 'red.', 'sast.', 'tulk.', 'St.', 'Dr.', 'Prof.',
]

const numberWords = [
  'Nr.', 'nr.', 'tālr.', 'mob.', 'fakss.', 'lpp.', 'plkst.', 'att.', 'tab.', 'nod.', 'p.', 'pk.', 'apakšp.',
  'sēj.', 'izd.', 'dz.', 'k.',
]

export const latvianRules: SrxRule[] = ruleSet({
  exceptions: [neverFinal(neverFinalWords), beforeNumber(numberWords), insideGuillemets],
})
