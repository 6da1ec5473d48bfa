import { loadNamespace } from '@/shared/i18n.ts';
import { WordsPage } from './WordsPage.tsx';

// Every platform's share words (`share/see/<platform>_words`): Douyin's words materials.
await loadNamespace('share');
export default WordsPage;
