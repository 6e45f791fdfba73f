/**
 * Language identification standing in for `langdetect`, which the upstream
 * checkers call (`language:response_language`, and `== "en"` in the two
 * English letter-case checks). langdetect is a character n-gram model over
 * 55 languages; this is a smaller detector: the dominant script decides
 * where a script belongs to one language (Thai, Korean, Greek, the Indic
 * scripts...), letters peculiar to a language split shared scripts
 * (Arabic/Persian/Urdu, Cyrillic), and stopword counts split Latin and
 * Devanagari text. It returns ISO 639-1 codes like langdetect (`zh-cn`,
 * `zh-tw` for Chinese, as langdetect does), or null when the text has no
 * letters (langdetect raises then, and upstream counts the instruction as
 * followed). Disagreements with langdetect on real responses are counted by
 * the agreement test. Pure, no I/O.
 */

const SCRIPTS: [RegExp, string][] = [
  [/\p{Script=Hangul}/u, "ko"],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "ja"],
  [/\p{Script=Thai}/u, "th"],
  [/\p{Script=Greek}/u, "el"],
  [/\p{Script=Hebrew}/u, "he"],
  [/\p{Script=Gujarati}/u, "gu"],
  [/\p{Script=Gurmukhi}/u, "pa"],
  [/\p{Script=Kannada}/u, "kn"],
  [/\p{Script=Tamil}/u, "ta"],
  [/\p{Script=Telugu}/u, "te"],
  [/\p{Script=Malayalam}/u, "ml"],
  [/\p{Script=Bengali}/u, "bn"],
  [/\p{Script=Devanagari}/u, "deva"],
  [/\p{Script=Arabic}/u, "arab"],
  [/\p{Script=Cyrillic}/u, "cyrl"],
  [/\p{Script=Han}/u, "han"],
  [/\p{Script=Latin}/u, "latn"],
];

const STOPWORDS: Record<string, string> = {
  en: "the and of to in is that it for was on are with as be this have from or by not but what all were when we there can an which their if do will each about how up out them then she many some so these would other into has more her two like him see time could no make than been its who now people my made over did down only way find use may water long little very after words called just where most know get through back much before go good new write our used me man too any day same right look think also around another came come work three word must because does part even place well such here take why things help put years different away again off went old number great tell men say small every found still between name should home big give air line set own under read last never us left end along while might next sound below saw something thought both few those always looked show large often together asked house don world going want school important until form food keep children feet land side without boy once animals life enough took sometimes four head above kind began almost live page got earth need far hand high year mother light parts country father let night following picture being study second eyes soon times story boys since white days ever paper hard near sentence better best across during today others however sure means knew its try told young miles sun ways thing whole hear example heard several change answer room sea against top turned learn point city play toward five using himself usually",
  de: "der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es an werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über einen so zum war haben nur oder aber vor zur bis mehr durch man sein wurde sei prozent hatte kann gegen vom können schon wenn habe seine ihre dann unter wir soll ich eines jahr zwei jahren diese dieser wieder keine uhr seiner worden und will zwischen immer millionen ihr wie was sagte gibt alle diesem seit muss wurden beim doch jetzt waren drei neue damit bereits da auch ihm ihren ob sehr",
  fr: "le la les de des du et en un une est que qui dans pour pas sur au aux par plus ce cette il elle ne se son sa ses avec sont ou mais nous vous leur leurs lui être avoir fait comme tout bien aussi ont était été très",
  es: "el la los las de del y en un una es que por para con no se su sus al lo como más pero o este esta son fue ha muy también ya entre cuando todo sin sobre ser tiene hay porque desde donde",
  it: "il lo la i gli le di del della e è in un una che per con non si da al alla sono come più ma anche questo questa sua suo dei delle nel nella ha essere o tra molto",
  pt: "o a os as de do da dos das e é em um uma que para com não se por mais como mas ao foi são tem seu sua ou também já muito pela pelo quando está isso entre nos",
  nl: "de het een en van in is dat op te zijn voor met niet aan er die als ook maar om door over bij nog wordt dit uit naar werd tot",
  sw: "na ya wa kwa ni la za katika cha kuwa hii ili au kama lakini pia yake hiyo hata sana wao yao huo ambao ambayo zaidi mtu watu kila baada kwamba sisi wewe mimi",
  fi: "ja on ei se että oli hän ovat mutta kun tai myös ole kuin jos niin sekä joka mitä tämä ovat olla voi nyt vain kanssa sen hänen ne siitä minä sinä me te he",
  vi: "và của là có được cho không những các một này trong người với để đã từ khi đến như thì cũng sẽ về nhưng rất nhiều theo",
  tr: "ve bir bu da de için ile çok ne daha gibi ama olarak kadar en o ki var ya mi ben sen",
  pl: "i w na z że do nie się jest to jak o po co ale od za tak dla jego przez być są czy też tylko",
  id: "yang dan di ini itu dengan untuk dari dalam tidak akan pada juga ke ada adalah bisa atau saya mereka kami",
  ro: "și în de la cu pe o un să nu este care din mai pentru ce sau sunt fost ca dar",
  hi: "है के की में और का को से एक यह पर भी हैं था कि लिए नहीं किया तो ने हो गया कर या इस जो रहा करने वह",
  mr: "आहे व आणि या की हे ते त्या आहेत होते मध्ये करण्यात केले त्यांच्या एक तर पण म्हणून असे नाही",
  ne: "छ र को मा ले पनि गर्न भएको हो गरेको छन् थियो तथा यो त्यो गर्ने हुने भने गरी",
};

/** The stopword sets, built on the first detection rather than at every Worker start-up. */
let stopSets: Record<string, Set<string>> | undefined;
const stopSetsOf = () => (stopSets ??= Object.fromEntries(Object.entries(STOPWORDS).map(([lang, words]) => [lang, new Set(words.split(" "))])));

function byStopwords(text: string, candidates: string[]): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{M}]+/gu) ?? [];
  let best = candidates[0]!;
  let bestHits = -1;
  const sets = stopSetsOf();
  for (const lang of candidates) {
    const set = sets[lang]!;
    let hits = 0;
    for (const w of words) if (set.has(w)) hits++;
    if (hits > bestHits) {
      best = lang;
      bestHits = hits;
    }
  }
  // Like langdetect on a list of names or one word, no function words means no call for English.
  return bestHits > 0 ? best : UNDETERMINED;
}

/** What the detector says when text has letters but no language stands out. */
export const UNDETERMINED = "und";

const LATIN = ["en", "de", "fr", "es", "it", "pt", "nl", "sw", "fi", "vi", "tr", "pl", "id", "ro"];

/** The language of a text as an ISO 639-1 code (langdetect's spelling), or null when it has no letters. */
export function detectLanguage(text: string): string | null {
  const counts = new Map<string, number>();
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    for (const [re, script] of SCRIPTS) {
      if (re.test(ch)) {
        counts.set(script, (counts.get(script) ?? 0) + 1);
        break;
      }
    }
  }
  if (counts.size === 0) return null;
  // Japanese text is mostly Han with some kana: any real share of kana makes it Japanese.
  const kana = counts.get("ja") ?? 0;
  const han = counts.get("han") ?? 0;
  let script = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  if (kana > 0 && (script === "han" || kana * 10 >= han + kana) && (script === "han" || script === "ja")) script = "ja";
  switch (script) {
    case "han":
      return /[這們個來說時會為對於與國學經]/u.test(text) ? "zh-tw" : "zh-cn";
    case "arab":
      if (/[ٹڈڑںےھ]/u.test(text)) return "ur";
      if (/[پچژگکی]/u.test(text) && !/[ةى]/u.test(text)) return "fa";
      return "ar";
    case "cyrl":
      if (/[іїєґ]/iu.test(text)) return "uk";
      if (/[ыэё]/iu.test(text)) return "ru";
      if (/ъ/iu.test(text) || /\b(е|са|на|за|от|се|че)\b/u.test(text.toLowerCase())) return "bg";
      return "ru";
    case "deva":
      return byStopwords(text, ["hi", "mr", "ne"]);
    case "latn":
      if (/[ăâđêôơư]/iu.test(text) && /[ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/iu.test(text)) return "vi";
      return byStopwords(text, LATIN);
    default:
      return script;
  }
}
