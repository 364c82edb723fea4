/**
 * The demo truck's menu: a Kuwait street-food truck (shawarma, saj, burgers, karak) in English and
 * Arabic, priced in KWD to the fils, with option groups, some photos, and one item sold out for the
 * day so the switch shows. Goes through the same rules as the API (ItemInputSchema).
 */
import { ItemInputSchema, endOfLocalDay, type DietaryTag, type OptionGroupInput } from '@domain/menu';
import { eq } from 'drizzle-orm';
import { processUpload, writeTruckFile } from '../platform/uploads';
import type { Db } from '../db/database';
import { demoImage } from './demo-files';
import { menuCategories, menuItems, menuOptionGroups, menuOptions, menuVersions } from '../db/tables/menu';
import { truckUploads, trucks } from '../db/tables/trucks';

interface DemoItem {
  en: string;
  ar: string;
  descriptionEn?: string;
  descriptionAr?: string;
  /** Fils: 1 KWD = 1000. */
  price: number;
  prep?: number;
  calories?: number;
  tags?: DietaryTag[];
  groups?: OptionGroupInput[];
  /** Label of a generated photo. */
  photo?: string;
  soldOutToday?: boolean;
}

interface DemoCategory {
  en: string;
  ar: string;
  colour: string;
  items: DemoItem[];
}

const option = (en: string, ar: string, priceDeltaMinor = 0) => ({ nameEn: en, nameAr: ar, priceDeltaMinor });
const group = (en: string, ar: string, rule: { min: number; max: number }, options: ReturnType<typeof option>[]): OptionGroupInput => ({
  nameEn: en,
  nameAr: ar,
  required: rule.min > 0,
  minSelections: rule.min,
  maxSelections: rule.max,
  options,
});

const WRAP_BREAD = group('Bread', 'الخبز', { min: 1, max: 1 }, [option('Saj bread', 'خبز صاج'), option('Samoon', 'صمون', 100)]);
const WRAP_EXTRAS = group('Extras', 'إضافات', { min: 0, max: 3 }, [
  option('Extra garlic sauce', 'ثومية إضافية', 50),
  option('Cheese', 'جبنة', 200),
  option('Fries inside', 'بطاطا داخل السندويشة', 150),
  option('Jalapeño', 'هالبينو', 100),
]);
const BURGER_MEAL = group('Make it a meal', 'اجعلها وجبة', { min: 0, max: 1 }, [option('Fries and a soft drink', 'بطاطا ومشروب غازي', 900)]);
const BURGER_EXTRAS = group('Extras', 'إضافات', { min: 0, max: 3 }, [
  option('Cheddar slice', 'شريحة شيدر', 200),
  option('Fried egg', 'بيضة مقلية', 250),
  option('Extra patty', 'قطعة لحم إضافية', 900),
]);
const KARAK_SUGAR = group('Sugar', 'السكر', { min: 1, max: 1 }, [option('Normal', 'عادي'), option('Less sugar', 'سكر خفيف'), option('No sugar', 'بدون سكر')]);
const KARAK_SIZE = group('Size', 'الحجم', { min: 1, max: 1 }, [option('Regular', 'عادي'), option('Large', 'كبير', 100)]);
const FRIES_SAUCE = group('Sauces', 'الصلصات', { min: 1, max: 2 }, [
  option('Cheese sauce', 'صلصة الجبن'),
  option('Garlic', 'ثومية'),
  option('Spicy mayo', 'مايونيز حار'),
  option('Dynamite', 'ديناميت', 100),
]);

const DEMO_MENU: DemoCategory[] = [
  {
    en: 'Shawarma',
    ar: 'شاورما',
    colour: '#b71c1c',
    items: [
      { en: 'Chicken shawarma wrap', ar: 'سندويش شاورما دجاج', descriptionEn: 'Marinated chicken, garlic sauce, pickles and fries in saj bread.', descriptionAr: 'دجاج متبّل مع الثومية والمخلل والبطاطا بخبز الصاج.', price: 1250, prep: 6, calories: 620, tags: ['halal'], groups: [WRAP_BREAD, WRAP_EXTRAS], photo: 'Shawarma' },
      { en: 'Beef shawarma wrap', ar: 'سندويش شاورما لحم', descriptionEn: 'Beef with tahini, parsley, onion and tomato.', descriptionAr: 'لحم مع الطحينة والبقدونس والبصل والطماطم.', price: 1500, prep: 6, calories: 680, tags: ['halal'], groups: [WRAP_BREAD, WRAP_EXTRAS], photo: 'Beef' },
      { en: 'Shawarma arabi', ar: 'شاورما عربي', descriptionEn: 'Chicken shawarma cut into pieces, with fries, garlic sauce and pickles.', descriptionAr: 'شاورما دجاج مقطّعة مع البطاطا والثومية والمخلل.', price: 2750, prep: 8, calories: 1100, tags: ['halal'], photo: 'Arabi' },
      { en: 'Chicken shawarma plate', ar: 'صحن شاورما دجاج', descriptionEn: 'With rice, salad, hummus and garlic sauce.', descriptionAr: 'مع الأرز والسلطة والحمص والثومية.', price: 2250, prep: 8, calories: 950, tags: ['halal'] },
      { en: 'Spicy chicken wrap', ar: 'سندويش دجاج حار', descriptionEn: 'With chilli paste and jalapeño.', descriptionAr: 'مع معجون الفلفل الحار والهالبينو.', price: 1350, prep: 6, calories: 640, tags: ['halal', 'spicy'], groups: [WRAP_BREAD, WRAP_EXTRAS] },
    ],
  },
  {
    en: 'Saj & manakish',
    ar: 'صاج ومناقيش',
    colour: '#2e7d32',
    items: [
      { en: 'Za’atar saj', ar: 'صاج زعتر', descriptionEn: 'Thyme, sumac, sesame and olive oil.', descriptionAr: 'زعتر وسماق وسمسم وزيت زيتون.', price: 500, prep: 4, calories: 420, tags: ['vegan'], photo: 'Zaatar' },
      { en: 'Cheese saj', ar: 'صاج جبنة', descriptionEn: 'Akkawi and mozzarella.', descriptionAr: 'جبنة عكاوي وموزاريلا.', price: 750, prep: 4, calories: 560, tags: ['vegetarian', 'dairy'] },
      { en: 'Za’atar and cheese saj', ar: 'صاج زعتر وجبنة', price: 850, prep: 4, calories: 590, tags: ['vegetarian', 'dairy'] },
      { en: 'Labneh and vegetables saj', ar: 'صاج لبنة وخضار', descriptionEn: 'Labneh, cucumber, tomato, mint and olives.', descriptionAr: 'لبنة وخيار وطماطم ونعناع وزيتون.', price: 900, prep: 4, calories: 480, tags: ['vegetarian', 'dairy'] },
      { en: 'Sujuk and cheese saj', ar: 'صاج سجق وجبنة', descriptionEn: 'Spicy beef sujuk with melted cheese.', descriptionAr: 'سجق لحم حار مع جبنة ذائبة.', price: 1250, prep: 5, calories: 720, tags: ['halal', 'spicy', 'dairy'], soldOutToday: true },
      { en: 'Nutella and banana saj', ar: 'صاج نوتيلا وموز', price: 950, prep: 4, calories: 650, tags: ['vegetarian', 'contains_nuts', 'dairy'], photo: 'Nutella' },
    ],
  },
  {
    en: 'Burgers',
    ar: 'برغر',
    colour: '#ef6c00',
    items: [
      { en: 'Classic beef burger', ar: 'برغر لحم كلاسيك', descriptionEn: 'Beef patty, lettuce, tomato, pickles and house sauce.', descriptionAr: 'قطعة لحم مع خس وطماطم ومخلل وصلصة البيت.', price: 2250, prep: 10, calories: 780, tags: ['halal'], groups: [BURGER_MEAL, BURGER_EXTRAS], photo: 'Burger' },
      { en: 'Double smash burger', ar: 'برغر سماش دبل', descriptionEn: 'Two smashed patties, American cheese, caramelised onion.', descriptionAr: 'قطعتا لحم مع جبنة أمريكية وبصل مكرمل.', price: 3250, prep: 12, calories: 1050, tags: ['halal', 'dairy'], groups: [BURGER_MEAL, BURGER_EXTRAS], photo: 'Smash' },
      { en: 'Zinger chicken burger', ar: 'برغر دجاج زنجر', descriptionEn: 'Crispy spicy chicken with coleslaw.', descriptionAr: 'دجاج مقرمش حار مع سلطة الملفوف.', price: 2000, prep: 10, calories: 820, tags: ['halal', 'spicy'], groups: [BURGER_MEAL, BURGER_EXTRAS] },
      { en: 'Halloumi burger', ar: 'برغر حلوم', descriptionEn: 'Grilled halloumi, rocket and roasted pepper.', descriptionAr: 'حلوم مشوي مع جرجير وفلفل مشوي.', price: 1950, prep: 9, calories: 690, tags: ['vegetarian', 'dairy'], groups: [BURGER_MEAL] },
      { en: 'Kids burger', ar: 'برغر أطفال', price: 1250, prep: 8, calories: 450, tags: ['halal'] },
    ],
  },
  {
    en: 'Sides',
    ar: 'أطباق جانبية',
    colour: '#f9a825',
    items: [
      { en: 'Fries', ar: 'بطاطا مقلية', price: 600, prep: 5, calories: 380, tags: ['vegan', 'gluten_free'], photo: 'Fries' },
      { en: 'Loaded fries', ar: 'بطاطا محمّلة', descriptionEn: 'Fries with shawarma chicken and your sauces.', descriptionAr: 'بطاطا مع دجاج الشاورما والصلصات التي تختارها.', price: 1500, prep: 7, calories: 820, tags: ['halal', 'dairy'], groups: [FRIES_SAUCE] },
      { en: 'Hummus', ar: 'حمص', descriptionEn: 'With olive oil and paprika, served with bread.', descriptionAr: 'مع زيت الزيتون والبابريكا ويقدّم مع الخبز.', price: 750, prep: 2, calories: 350, tags: ['vegan'] },
      { en: 'Fattoush', ar: 'فتوش', descriptionEn: 'Crisp bread, vegetables, pomegranate molasses.', descriptionAr: 'خبز مقرمش وخضار ودبس رمان.', price: 1000, prep: 4, calories: 260, tags: ['vegan'] },
      { en: 'Cheese sambousek (3)', ar: 'سمبوسك جبنة (٣)', price: 900, prep: 5, calories: 420, tags: ['vegetarian', 'dairy'] },
    ],
  },
  {
    en: 'Drinks',
    ar: 'مشروبات',
    colour: '#6d4c41',
    items: [
      { en: 'Karak chai', ar: 'شاي كرك', descriptionEn: 'Strong tea boiled with milk, cardamom and saffron.', descriptionAr: 'شاي ثقيل مغلي مع الحليب والهيل والزعفران.', price: 200, prep: 3, calories: 150, tags: ['vegetarian', 'dairy'], groups: [KARAK_SIZE, KARAK_SUGAR], photo: 'Karak' },
      { en: 'Saffron karak', ar: 'كرك زعفران', price: 350, prep: 3, calories: 160, tags: ['vegetarian', 'dairy'], groups: [KARAK_SIZE, KARAK_SUGAR] },
      { en: 'Sulaimani', ar: 'شاي سليماني', descriptionEn: 'Black tea with lemon and mint.', descriptionAr: 'شاي أحمر بالليمون والنعناع.', price: 150, prep: 2, calories: 40, tags: ['vegan'], groups: [KARAK_SUGAR] },
      { en: 'Fresh lemon and mint', ar: 'ليمون ونعناع', price: 750, prep: 3, calories: 120, tags: ['vegan', 'gluten_free'], photo: 'Lemon' },
      { en: 'Laban', ar: 'لبن', price: 250, calories: 110, tags: ['vegetarian', 'dairy', 'gluten_free'] },
      { en: 'Water', ar: 'ماء', price: 100, tags: ['vegan', 'gluten_free'] },
    ],
  },
];

export async function seedDemoMenu(db: Db, uploadsDir: string, truckId: string): Promise<void> {
  const [truck] = await db.select({ timeZone: trucks.timeZone }).from(trucks).where(eq(trucks.id, truckId));
  if (!truck) return;
  const endOfToday = endOfLocalDay(truck.timeZone, new Date());
  await db.transaction(async (tx) => {
    const [version] = await tx.insert(menuVersions).values({ truckId, version: 1 }).onConflictDoNothing().returning();
    // Someone's menu is already there: leave it.
    if (!version) return;
    for (const [categoryPosition, category] of DEMO_MENU.entries()) {
      const [categoryRow] = await tx.insert(menuCategories).values({ truckId, nameEn: category.en, nameAr: category.ar, position: categoryPosition }).returning();
      for (const [position, demo] of category.items.entries()) {
        let photoId: string | null = null;
        if (demo.photo) {
          const file = await processUpload(await demoImage(demo.photo, category.colour, 'png', 800, 600), { name: `${demo.photo}.png`, declaredType: 'image/png' }, 'menu_photo');
          const [upload] = await tx
            .insert(truckUploads)
            .values({ truckId, purpose: 'menu_photo', mime: file.mime, bytes: file.data.length, originalName: `${demo.photo}.png` })
            .returning();
          await writeTruckFile(uploadsDir, truckId, upload!.id, file.mime, file.data);
          photoId = upload!.id;
        }
        const { optionGroups, ...fields } = ItemInputSchema.parse({
          categoryId: categoryRow!.id,
          nameEn: demo.en,
          nameAr: demo.ar,
          descriptionEn: demo.descriptionEn,
          descriptionAr: demo.descriptionAr,
          priceMinor: demo.price,
          photoId,
          prepMinutes: demo.prep ?? null,
          calories: demo.calories ?? null,
          tags: demo.tags,
          optionGroups: demo.groups,
        });
        const [item] = await tx
          .insert(menuItems)
          .values({ ...fields, truckId, position, soldOutUntil: demo.soldOutToday ? endOfToday : null })
          .returning();
        for (const [groupPosition, { options, ...groupFields }] of optionGroups.entries()) {
          const [groupRow] = await tx.insert(menuOptionGroups).values({ ...groupFields, truckId, itemId: item!.id, position: groupPosition }).returning();
          await tx.insert(menuOptions).values(options.map((choice, optionPosition) => ({ ...choice, truckId, groupId: groupRow!.id, position: optionPosition })));
        }
      }
    }
  });
}
