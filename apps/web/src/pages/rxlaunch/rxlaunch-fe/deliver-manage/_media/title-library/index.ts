import { adTitlesResource } from '@rx/contracts/ad-library';
import { adLibraryPage } from '../../_tools/library.ts';

// Toutiao's title library (`launch/see/jrtt_title`): titles with how many batch ads used them.
export default await adLibraryPage(adTitlesResource);
