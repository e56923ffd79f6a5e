// The tools share one chunk: a creator who opens one usually opens the others.
export { ToolsPage } from './tools-page';
export { GeneratePage } from './generate-page';
export { GenerateVideoPage } from './generate-video-page';
export { FaceSwapPage } from './face-swap-page';
export { UpscalePage } from './upscale-page';
export { EditImagePage } from './edit-image-page';
export { GeneratePromptPage } from './generate-prompt-page';
