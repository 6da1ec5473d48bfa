import { adCopiesResource } from '@rx/contracts/ad-library';
import { adLibraryPage } from '@/pages/rxlaunch/rxlaunch-fe/deliver-manage/_tools/library.ts';

// Copy-writing (`launch/see/copy_writing`): ad texts with how many batch ads used them.
export default await adLibraryPage(adCopiesResource);
