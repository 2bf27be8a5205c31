"""Help-centre articles about paying, discounts and sales events."""

from __future__ import annotations

PAYMENT = """
    You can pay for your Brightcart order in several ways. The options you see at checkout
    depend on your country and the value of your order.

    ## Accepted payment methods

    - Visa, Mastercard and American Express
    - PayPal
    - Apple Pay and Google Pay
    - iDEAL in the Netherlands and Bancontact in Belgium
    - Klarna: pay in 30 days or in 3 instalments (Europe only)
    - Brightcart gift cards

    We don't accept cheques, cash on delivery or cryptocurrencies.

    ## When you're charged

    We authorise your card when you place the order and take the payment when the order
    ships. If part of your order ships later, you're only charged for what has shipped.

    ## Payment declined

    Check that the billing address matches the one your bank has on file and that your
    card allows online payments. 3-D Secure confirmation in your banking app is required
    for most European cards. After 3 declined attempts, wait 30 minutes before trying
    again.

    ## Prices and currency

    Prices on our European site are in euros and include VAT. Prices on our US site are in
    US dollars; sales tax is added at checkout based on your delivery address.
"""

GIFT_CARDS = """
    Brightcart gift cards can be used for anything sold and shipped by Brightcart.

    ## Buying a gift card

    Digital gift cards are available from €10 to €500 (or $10 to $500 in the US) and are
    emailed on the date you choose. Physical cards come in a gift envelope and cost €2.50
    extra for shipping.

    ## Using a gift card

    Enter the 16-digit code at checkout. You can use up to 3 gift cards on one order, and
    pay the rest by card, PayPal or Klarna.

    ## Balance and expiry

    Check your balance on the gift card page or at checkout. Gift cards are valid for 2
    years from the date of purchase, and any unused balance stays on the card until then.

    ## What you can't do with a gift card

    Gift cards can't be exchanged for cash, and they can't be used to buy other gift cards
    or on marketplace items. We can't replace a lost gift card unless you still have the
    email or the receipt with the code.
"""

PROMO_CODES = """
    Promo codes come from our newsletter, partner offers and the Brightcart app.

    ## Using a promo code

    Enter the code in the *Promo code* field at checkout, before you choose a payment
    method. You can use one promo code per order.

    ## Why a code doesn't work

    - The code has expired: the end date is in the email or on the voucher
    - The order hasn't reached the minimum order value
    - The basket only contains excluded items, such as gift cards, marketplace items or
      Apple products
    - The code has already been used; most codes work once per customer
    - The code is for the app only

    ## Codes during sales

    Promo codes can't be combined with Black Friday and Cyber Monday deals unless the code
    says so.

    ## Forgot to use your code?

    If you forgot to enter a valid code, contact us within 14 days of your order and we'll
    refund the discount to your original payment method.
"""

PRICE_MATCH = """
    Found it cheaper? Our price match promise means you don't have to wait for a sale.

    ## Our promise

    If you find the same product cheaper at another major retailer within 14 days of your
    purchase, we refund the difference. This works before you buy, too: show us the lower
    price in chat and we'll match it.

    ## Conditions

    - The product must be the identical model, new, and in stock at the other retailer
    - The other retailer must be a shop based in the same country that sells directly to
      consumers
    - The lower price must include delivery charges

    ## What we don't match

    We don't price match marketplace sellers, auction sites, membership-only prices or
    cashback offers. We don't price match during Black Friday week, from Thursday until
    the end of Cyber Monday.

    ## How to claim

    Send us the link to the lower price in chat within 14 days of your purchase. We check
    it while you wait and refund the difference to your original payment method within 5
    business days.
"""

STUDENT_DISCOUNT = """
    Students at universities and colleges in the EU, the UK and the US get a discount on
    the things they need for their studies.

    ## What you get

    Students get 10% off laptops, tablets, monitors, printers and headphones. The discount
    is capped at €150 (or $150) per order, and you can use it on up to 3 orders a year.

    ## How to get your code

    Verify your student status once with UNiDAYS using your university email address.
    You'll get a personal code that is valid for 12 months.

    ## Back to school

    Between 15 August and 30 September, verified students also get free express delivery
    on every order.

    ## Good to know

    The student discount can't be combined with other promo codes or with our price match,
    and it doesn't apply to Apple products or marketplace items.

    ## Renewing your verification

    Your verification lasts 12 months. We email you a month before it expires so you can
    verify again; if you've graduated, your code stops working at the end of those 12
    months.
"""

FINANCING = """
    Spread the cost of a bigger purchase with one of our financing options.

    ## Pay in 3 with Klarna

    In Europe, orders between €35 and €1,500 can be paid in 3 interest-free instalments
    with Klarna: one at checkout, and the others 30 and 60 days later.

    ## Monthly financing

    For orders over €300 (or $300 in the US), you can choose monthly financing over 6, 12
    or 24 months at 9.9% APR. In the US, monthly financing is provided by Affirm. Approval
    is decided in a few seconds at checkout and depends on a credit check.

    ## Returns and financed orders

    If you return an item you paid for with Klarna or Affirm, the provider adjusts your
    payment plan once we've processed the refund, and any instalments already paid are
    refunded to you.

    ## Missed payments

    Payment plans are managed by Klarna and Affirm. If you can't make a payment, contact
    them directly; we can't change a payment plan.
"""

BLACK_FRIDAY = """
    Black Friday is our biggest sale of the year. Here's what you need to know.

    ## When the deals run

    Our Black Friday deals start on the Monday before Black Friday and run until the end of
    Cyber Monday. Some deals are available for 24 hours only, while stocks last.

    ## Delivery during Black Friday week

    Allow 1-2 extra business days for delivery. Next-day delivery is paused on Black Friday
    itself, and tracking can take longer to update.

    ## If the price drops again

    If a product you bought from us during Black Friday week gets cheaper on Brightcart
    before the end of Cyber Monday, we refund the difference. Ask in chat with your order
    number.

    ## Returns

    Items bought during Black Friday and Cyber Monday can be returned until 31 January,
    as part of our holiday returns.

    ## Stock and order limits

    Deals are limited to 2 units per customer unless the product page says otherwise.
    Orders above the limit are cancelled and refunded in full. Items in your basket aren't
    reserved; stock is only reserved when you pay.
"""

PLUS = """
    Brightcart Plus is our membership for customers who order often.

    ## What's included

    - Free express delivery on every order
    - Early access to sales, including 24 hours before Black Friday deals go live
    - 2% back as Brightcart credit on everything you buy
    - A dedicated phone line with shorter waiting times

    ## Price

    Brightcart Plus costs €49 a year in Europe and $59 a year in the US. New members get a
    30-day free trial. The fee is charged once a year and the membership renews
    automatically; we remind you 7 days before each renewal.

    ## Who can join

    Anyone over 18 with a Brightcart account and a delivery address in the EU, the UK or
    the US can join. A membership is personal, but free delivery applies to every order
    placed from your account, including gifts sent to other addresses.

    ## Cancelling

    You can cancel at any time under *Account* and then *Membership*. If you cancel within
    14 days of a renewal and haven't used any benefits since, we refund the full fee.
    Credit you've earned stays valid for 12 months.
"""

INVOICES = """
    Every order comes with a VAT invoice. Business customers can add their company details.

    ## Downloading an invoice

    Open *Orders*, choose the order and select *Download invoice*. The invoice is available
    as soon as the order has shipped.

    ## Business customers

    Enter your company name and VAT number at checkout. For business customers in another
    EU country with a valid VAT number, the order is invoiced without Dutch VAT under the
    reverse-charge rule.

    ## Changing an invoice

    We can change the name or address on an invoice within 30 days of delivery. We can't
    add a VAT number to an order after it has been placed.

    ## Marketplace orders

    Items from marketplace sellers are invoiced by the seller, not by Brightcart. Ask for
    the invoice under *Orders* with *Contact seller*; sellers must send it within 3
    business days.

    ## Proof of purchase

    Your invoice is also your proof of purchase for warranty claims, so there's no need to
    keep a paper receipt.
"""

ARTICLES: tuple[tuple[str, str, str], ...] = (
    ("kb-payment", "Payment methods", PAYMENT),
    ("kb-gift-cards", "Gift cards", GIFT_CARDS),
    ("kb-promo-codes", "Promo codes and vouchers", PROMO_CODES),
    ("kb-price-match", "Price match promise", PRICE_MATCH),
    ("kb-student-discount", "Student discount", STUDENT_DISCOUNT),
    ("kb-financing", "Pay in instalments", FINANCING),
    ("kb-black-friday", "Black Friday and Cyber Monday", BLACK_FRIDAY),
    ("kb-plus", "Brightcart Plus membership", PLUS),
    ("kb-invoices", "Invoices and VAT", INVOICES),
)
