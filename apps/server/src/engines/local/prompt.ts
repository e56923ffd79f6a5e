/**
 * The local prompt writer: turns the image analysis into a text-to-image prompt for Flux. The
 * creator's own text, when given, leads; the analysis fills in only what that text leaves open,
 * so it never contradicts it. Deterministic: the same image and text give the same prompt.
 */
import type { TEngine, TFace, TImageAnalyser, TImageAnalysis, TPromptResult } from '../types';
import { prominentFaces } from './analyse';
import {
  expressionPhrase,
  framingPhrase,
  orientationPhrase,
  palettePhrase,
  posePhrase,
  qualityTags,
  subjectPhrase,
} from './prompt-phrases';

/** What the creator's text already says, so the analysis does not say it again or otherwise. */
const COVERS = {
  subject:
    /\b(wom[ae]n|m[ae]n|girls?|boys?|lad(y|ies)|guys?|persons?|people|she|he|her|his|him|they|couple|group|friends|model|influencer|child(ren)?|kids?|teen(ager)?s?|male|female|selfie|crowd)\b/i,
  plural:
    /\b(women|men|girls|boys|ladies|guys|people|they|couple|group|friends|children|kids|crowd|two|three|four|five)\b/i,
  expression:
    /\b(smil\w*|laugh\w*|grin\w*|frown\w*|pout\w*|smirk\w*|wink\w*|serious|expression|crying|tears|angry|sad|happy|joyful|surprised|neutral|cheerful)\b/i,
  pose: /\b(profile|facing|looking|turned|turning|pose|posing|sitting|seated|standing|lying|walking|leaning|tilt\w*|over (her|his|their) shoulder)\b/i,
  framing:
    /(\bclose-?ups?\b|\bcloseup\b|\bheadshot\b|head[- ]and[- ]shoulders|\bhalf[- ]?body\b|\bfull[- ]?(body|length)\b|\bwaist[- ]?up\b|\b(wide|medium|long|cowboy|bust|portrait) shot\b|\bwide[- ]angle\b)/i,
  camera:
    /(\b\d+\s?mm\b|\blens\b|\bbokeh\b|depth of field|\bf\/\d|\baperture\b|\bdslr\b|\bcanon\b|\bnikon\b|\bsony\b|\bfujifilm\b|\bleica\b|\biphone\b|film grain|\bkodak\b|\bportra\b)/i,
  lighting:
    /\b(light|lights|lighting|lit|backlit|sun|sunny|sunlight|sunlit|sunset|sunrise|golden[- ]hour|blue hour|neon|shadows?|daylight|night|nighttime|noon|dusk|dawn|studio|flash|candle\w*|overcast|moody|low[- ]key|high[- ]key|softbox|chiaroscuro)\b/i,
  colour:
    /\b(colou?rs?|colou?rful|palette|tones?|toned|hues?|red|orange|yellow|green|blue|navy|teal|purple|violet|pink|magenta|beige|brown|black|white|gr[ae]y|gold(en)?|silver|pastel|monochrome|sepia|turquoise|cream|burgundy|maroon|lavender|olive|khaki|tan)\b/i,
  style:
    /\b(anime|manga|cartoon\w*|illustrat\w*|drawing|drawn|paint\w*|watercolou?r|sketch\w*|render\w*|cgi|pixel art|comic\w*|vector|digital art|concept art|claymation|low[- ]poly|styli[sz]ed|3d)\b/i,
  orientation:
    /(\bvertical\b|\bhorizontal\b|\bsquare\b|aspect ratio|\b\d{1,2}:\d{1,2}\b|landscape (format|orientation)|portrait (format|orientation))/i,
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Writes the prompt for an analysed image, led by the creator's own text when there is some. */
export function writePrompt(analysis: TImageAnalysis, customPrompt = ''): string {
  const custom = customPrompt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s,.;:]+$/, '');
  const says = (key: keyof typeof COVERS) => custom !== '' && COVERS[key].test(custom);

  let faces: TFace[] = prominentFaces(analysis.faces);
  // The creator's text decides who is in the picture; the other phrases follow it.
  const customPlural = says('subject') && says('plural');
  if (says('subject') && !customPlural && faces.length > 1) faces = faces.slice(0, 1);

  const parts: string[] = [];
  if (custom) parts.push(custom);
  if (!says('subject')) parts.push(subjectPhrase(faces));
  if (!(customPlural && faces.length === 1)) {
    if (!says('expression')) parts.push(expressionPhrase(faces));
    if (!says('pose')) parts.push(posePhrase(faces));
  }
  if (!says('framing')) parts.push(framingPhrase(analysis, faces));
  if (!says('lighting')) parts.push(analysis.lighting);
  if (!says('colour')) parts.push(palettePhrase(analysis.palette));
  if (!says('orientation')) parts.push(orientationPhrase(analysis));
  if (!says('style')) parts.push(qualityTags(analysis, faces, !says('framing') && !says('camera')));

  const prompt = parts.filter((part) => part.trim() !== '').join(', ');
  return custom ? prompt : capitalise(prompt);
}

export function createLocalPromptEngine(analyser: TImageAnalyser): TEngine<'generate-prompt'> {
  return {
    name: 'local',
    run: async (input, { customPrompt }, context): Promise<TPromptResult> => {
      context.onProgress(5, 'Analysing the image');
      const analysis = await analyser.analyse(input, {
        onProgress: (percent) =>
          context.onProgress(5 + Math.round(percent * 0.8), 'Analysing the image'),
        ...(context.signal ? { signal: context.signal } : {}),
      });
      context.signal?.throwIfAborted();
      context.onProgress(90, 'Writing the prompt');
      const prompt = writePrompt(analysis, customPrompt);
      context.onProgress(100, 'Done');
      return { prompt, analysis };
    },
  };
}
