import { adAppsResource } from '@rx/contracts/ad-library';
import { adLibraryPage } from '../_tools/library.ts';

// Applications (`launch/see/application`): app ids and package names per medium.
export default await adLibraryPage(adAppsResource);
